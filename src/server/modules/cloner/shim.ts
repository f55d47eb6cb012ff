/** What one page's shim knows about the archive. */
export interface ShimMap {
  /** The URL the page's relative URLs resolved against on the site (its `<base href>`, or its own address). */
  base: string;
  /** From the page's folder in the archive to the archive root (`''`, `../`…). */
  toRoot: string;
  /** Every file of the archive (ZIP names). */
  files: string[];
  /** Fetched URLs (and redirects to them) whose file is not at the path `prefixes` gives: their index in `files`. */
  exact: Record<string, number>;
  /** `[origin + '/', archive folder + '/']` for the site (`''`) and each third-party host cloned. */
  prefixes: [string, string][];
}

/**
 * The small script a cloned page gets first in its head. URLs its scripts hand to fetch, XMLHttpRequest,
 * setAttribute and the src/srcset/href/poster properties are sent to their file in the archive, addressed from the
 * folder the clone is served from (the page's own location), so the same ZIP works at a domain root, in any
 * sub-folder, or from disk:
 * 1. a URL that, read against the page's real location, already names a file of the archive is left as it is (a
 *    reference the cloner wrote: a lazy image's data-src copied into src);
 * 2. otherwise it is read as it was on the site (relative to the page's original address) and, when it is a URL
 *    the cloner fetched, or one on the site or on a cloned host, sent to its file under the clone's folder;
 * 3. anything else (another host, data:, a fragment) is left alone.
 */
export function shimScript(map: ShimMap): string {
  const data = JSON.stringify({
    b: map.base,
    r: map.toRoot,
    f: map.files,
    e: map.exact,
    p: map.prefixes,
  }).replaceAll('<', '\\u003c');
  return `<script data-clube-escala-clone>(function(){var M=${data};var R;try{R=new URL(M.r||'./',location.href).href}catch(e){return}
var F={};for(var i=0;i<M.f.length;i++)F[M.f[i]]=1;var O=Object.prototype.hasOwnProperty;
function enc(n){return n.split('/').map(encodeURIComponent).join('/')}
function own(u){if(u.search)return false;var h=u.href.split('#')[0];if(h.indexOf(R)!==0)return false;var t=h.slice(R.length);try{t=decodeURIComponent(t)}catch(e){return false}return F[t===''?'index.html':t]===1}
function f(u){if(typeof u!=='string'||u===''||u.charAt(0)==='#'||/^(data|blob|javascript|about|mailto|tel):/i.test(u))return u;var d,a;
try{d=new URL(u,document.baseURI)}catch(e){return u}if(own(d))return u;
try{a=new URL(u,M.b)}catch(e){return u}var k=a.href.split('#')[0],h=a.hash;
if(O.call(M.e,k))return R+enc(M.f[M.e[k]])+h;
for(var i=0;i<M.p.length;i++){var p=M.p[i][0];if(k.indexOf(p)===0)return R+M.p[i][1]+k.slice(p.length)+h}return u}
function s(v){return String(v).split(',').map(function(c){var t=c.trim().split(/\\s+/);t[0]=f(t[0]);return t.join(' ')}).join(', ')}
var W=window.fetch;if(W)window.fetch=function(i,o){if(typeof i==='string'||i instanceof URL)i=f(String(i));else if(i&&i.url){var n=f(i.url);if(n!==i.url)i=new Request(n,i)}return W.call(this,i,o)};
var X=XMLHttpRequest.prototype.open;XMLHttpRequest.prototype.open=function(m,u){var a=Array.prototype.slice.call(arguments);a[1]=f(String(u));return X.apply(this,a)};
var S=Element.prototype.setAttribute;Element.prototype.setAttribute=function(n,v){var l=String(n).toLowerCase();if(l==='src'||l==='href'||l==='poster'||l==='data-src'||l==='xlink:href')v=f(String(v));else if(l==='srcset'||l==='imagesrcset'||l==='data-srcset')v=s(v);return S.call(this,n,v)};
[[HTMLImageElement,'src'],[HTMLImageElement,'srcset'],[HTMLScriptElement,'src'],[HTMLLinkElement,'href'],[HTMLSourceElement,'src'],[HTMLSourceElement,'srcset'],[HTMLIFrameElement,'src'],[HTMLMediaElement,'src'],[HTMLVideoElement,'poster']].forEach(function(q){var d=Object.getOwnPropertyDescriptor(q[0].prototype,q[1]);if(!d||!d.set)return;Object.defineProperty(q[0].prototype,q[1],{configurable:true,enumerable:d.enumerable,get:d.get,set:function(v){d.set.call(this,q[1]==='srcset'?s(v):f(String(v)))}})});
})();</script>`;
}
