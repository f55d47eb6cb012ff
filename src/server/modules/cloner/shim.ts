/**
 * The small script a cloned page gets first in its head: URLs its scripts build at run time from absolute parts
 * (`'https://cdn.exemplo.com/img/' + nome`) are sent to their place in the archive. It covers fetch, XMLHttpRequest,
 * setAttribute and the src/href/srcset/poster properties; the origins it knows are the site's (the archive root)
 * and each third-party host cloned (its `/_externos/…` folder); `exact` holds the URLs whose query string gave
 * them a name of their own. Relative URLs resolve against the page's original address, as they did on the site
 * (the page is index.html at the root of the archive, wherever it was on the site); fragments alone stay as they are.
 */
export function shimScript(
  prefixes: [string, string][],
  exact: Record<string, string>,
  pageUrl: string,
): string {
  const map = JSON.stringify({ p: prefixes, e: exact, b: pageUrl }).replaceAll('<', '\\u003c');
  return `<script data-clube-escala-clone>(function(){var M=${map};
function f(u){if(typeof u!=='string'||u===''||u.charAt(0)==='#')return u;var a;try{a=new URL(u,M.b).href}catch(e){return u}
if(Object.prototype.hasOwnProperty.call(M.e,a))return M.e[a];
for(var i=0;i<M.p.length;i++){var p=M.p[i][0];if(a.indexOf(p)===0)return M.p[i][1]+a.slice(p.length)}return u}
function s(v){return String(v).split(',').map(function(c){var t=c.trim().split(/\\s+/);t[0]=f(t[0]);return t.join(' ')}).join(', ')}
var F=window.fetch;if(F)window.fetch=function(i,o){if(typeof i==='string'||i instanceof URL)i=f(String(i));else if(i&&i.url){var n=f(i.url);if(n!==i.url)i=new Request(n,i)}return F.call(this,i,o)};
var X=XMLHttpRequest.prototype.open;XMLHttpRequest.prototype.open=function(m,u){var a=Array.prototype.slice.call(arguments);a[1]=f(String(u));return X.apply(this,a)};
var S=Element.prototype.setAttribute;Element.prototype.setAttribute=function(n,v){var l=String(n).toLowerCase();if(l==='src'||l==='href'||l==='poster'||l==='data-src')v=f(String(v));else if(l==='srcset'||l==='imagesrcset')v=s(v);return S.call(this,n,v)};
[[HTMLImageElement,'src'],[HTMLImageElement,'srcset'],[HTMLScriptElement,'src'],[HTMLLinkElement,'href'],[HTMLSourceElement,'src'],[HTMLSourceElement,'srcset'],[HTMLIFrameElement,'src'],[HTMLMediaElement,'src'],[HTMLVideoElement,'poster']].forEach(function(q){var d=Object.getOwnPropertyDescriptor(q[0].prototype,q[1]);if(!d||!d.set)return;Object.defineProperty(q[0].prototype,q[1],{configurable:true,enumerable:d.enumerable,get:d.get,set:function(v){d.set.call(this,q[1]==='srcset'?s(v):f(String(v)))}})});
})();</script>`;
}
