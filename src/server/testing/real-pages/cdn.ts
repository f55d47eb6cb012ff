import { ICONS, iconFont, toWoff2 } from './fonts';
import { css, js, type Reply, type Routes } from './hosts';
import { MIME, type PictureFormat, picture } from './pictures';

/** Paths of the CDN host (jsDelivr, cdnjs, code.jquery.com and an Unsplash-like image service in one). */
export const CDN = {
  bootstrap: '/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css',
  fontAwesome: '/ajax/libs/font-awesome/4.7.0/css/font-awesome.min.css',
  jquery: '/jquery-3.7.1.min.js',
  lazyload: '/npm/vanilla-lazyload@17.8.8/dist/lazyload.min.js',
  /** `photo(id, w)`: an extension-less image URL with a query, as image services write them. */
  photo: (id: string, w: number, format: 'jpg' | 'webp' = 'jpg') =>
    `/photo-${id}?ixlib=rb-4.0.3&auto=format&fit=crop&w=${w}&q=80&fm=${format}`,
};

const BOOTSTRAP = `/*! Bootstrap-like v5.3.3 | MIT */
*,::after,::before{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem;font-weight:400;line-height:1.5;color:#212529;background-color:#fff}
h1,h2,h3,h4,h5{margin-top:0;margin-bottom:.5rem;font-weight:500;line-height:1.2}h1{font-size:calc(1.375rem + 1.5vw)}h2{font-size:calc(1.325rem + .9vw)}h3{font-size:calc(1.3rem + .6vw)}h4{font-size:calc(1.275rem + .3vw)}
p{margin-top:0;margin-bottom:1rem}a{color:#0d6efd;text-decoration:underline}img{vertical-align:middle}ul{padding-left:2rem}
.container{width:100%;padding-right:.75rem;padding-left:.75rem;margin-right:auto;margin-left:auto}
@media (min-width:576px){.container{max-width:540px}}@media (min-width:768px){.container{max-width:720px}}@media (min-width:992px){.container{max-width:960px}}@media (min-width:1200px){.container{max-width:1140px}}
.row{display:flex;flex-wrap:wrap;margin-right:-.75rem;margin-left:-.75rem}.row>*{flex-shrink:0;width:100%;max-width:100%;padding-right:.75rem;padding-left:.75rem}
.col{flex:1 0 0%}.col-6{flex:0 0 auto;width:50%}
@media (min-width:768px){.col-md-4{flex:0 0 auto;width:33.333333%}.col-md-6{flex:0 0 auto;width:50%}.col-md-3{flex:0 0 auto;width:25%}}
@media (min-width:992px){.col-lg-4{flex:0 0 auto;width:33.333333%}.col-lg-3{flex:0 0 auto;width:25%}.col-lg-8{flex:0 0 auto;width:66.666667%}}
.navbar{position:relative;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;padding:.5rem 0}.navbar-brand{font-size:1.25rem;text-decoration:none;white-space:nowrap}
.navbar-nav{display:flex;flex-direction:row;gap:1rem;padding-left:0;margin:0;list-style:none}.nav-link{display:block;text-decoration:none}
.btn{display:inline-block;padding:.375rem .75rem;font-size:1rem;font-weight:400;line-height:1.5;text-align:center;text-decoration:none;vertical-align:middle;border:1px solid transparent;border-radius:.375rem}
.btn-primary{color:#fff;background-color:#0d6efd;border-color:#0d6efd}.btn-dark{color:#fff;background-color:#212529}.btn-xl{padding:1.25rem 2.5rem;font-size:1.125rem;font-weight:700;text-transform:uppercase}
.card{position:relative;display:flex;flex-direction:column;background-color:#fff;border:1px solid rgba(0,0,0,.175);border-radius:.375rem;overflow:hidden}.card-body{flex:1 1 auto;padding:1rem}.card-img-top{width:100%}
.img-fluid{max-width:100%;height:auto}.rounded-circle{border-radius:50%}.text-center{text-align:center}.text-uppercase{text-transform:uppercase}.text-muted{color:#6c757d}.text-white{color:#fff}
.bg-dark{background-color:#212529}.bg-light{background-color:#f8f9fa}.fw-bold{font-weight:700}.small{font-size:.875em}.lead{font-size:1.25rem;font-weight:300}
.d-flex{display:flex}.align-items-center{align-items:center}.justify-content-center{justify-content:center}.gap-3{gap:1rem}
.mb-0{margin-bottom:0}.mb-3{margin-bottom:1rem}.mb-4{margin-bottom:1.5rem}.mb-5{margin-bottom:3rem}.mt-4{margin-top:1.5rem}.mx-auto{margin-left:auto;margin-right:auto}
.py-4{padding-top:1.5rem;padding-bottom:1.5rem}.py-5{padding-top:3rem;padding-bottom:3rem}.p-3{padding:1rem}.g-4{row-gap:1.5rem}
@media (max-width:767.98px){.navbar-nav{display:none}}`;

const FONT_AWESOME = `/*! Font-Awesome-like 4.7.0 */
@font-face{font-family:'FontAwesome';src:url('../fonts/fontawesome-webfont.woff2?v=4.7.0') format('woff2'),url('../fonts/fontawesome-webfont.ttf?v=4.7.0') format('truetype');font-weight:normal;font-style:normal}
.fa{display:inline-block;font:normal normal normal 14px/1 FontAwesome;font-size:inherit;text-rendering:auto;-webkit-font-smoothing:antialiased}
.fa-2x{font-size:2em}.fa-3x{font-size:3em}.fa-stack{position:relative;display:inline-block;width:2em;height:2em;line-height:2em;vertical-align:middle}
${Object.entries(ICONS)
  .map(([name, code]) => `.fa-${name}:before{content:"${code}"}`)
  .join('')}`;

/** A small jQuery: selection, events, classes, attributes, css, ready, and $.fn for plugins. */
const JQUERY = `/*! jQuery-like v3.7.1 | (c) OpenJS Foundation-like */
(function(w){function Q(s,c){var n=typeof s==='string'?(c||document).querySelectorAll(s):s&&(s.nodeType||s===w)?[s]:s||[];this.length=n.length;for(var i=0;i<n.length;i++)this[i]=n[i]}
function $(s,c){if(typeof s==='function'){if(document.readyState!=='loading')s($);else document.addEventListener('DOMContentLoaded',function(){s($)});return}return new Q(s,c)}
$.fn=Q.prototype;$.fn.each=function(f){for(var i=0;i<this.length;i++)f.call(this[i],i,this[i]);return this};
$.fn.on=function(e,f){return this.each(function(){this.addEventListener(e,f)})};
$.fn.addClass=function(c){return this.each(function(){this.classList.add(c)})};$.fn.removeClass=function(c){return this.each(function(){this.classList.remove(c)})};
$.fn.toggleClass=function(c,on){return this.each(function(){this.classList.toggle(c,on)})};
$.fn.attr=function(k,v){if(v===undefined)return this[0]?this[0].getAttribute(k):undefined;return this.each(function(){this.setAttribute(k,v)})};
$.fn.data=function(k){return this[0]?this[0].getAttribute('data-'+k):undefined};
$.fn.css=function(k,v){return this.each(function(){this.style[k]=v})};$.fn.text=function(t){if(t===undefined)return this[0]?this[0].textContent:'';return this.each(function(){this.textContent=t})};
$.fn.find=function(s){var out=[];this.each(function(){out.push.apply(out,this.querySelectorAll(s))});return new Q(out)};
$.fn.append=function(h){return this.each(function(){this.insertAdjacentHTML('beforeend',h)})};
w.jQuery=w.$=$})(window);`;

/** vanilla-lazyload-like: images and backgrounds load from data-src / data-srcset / data-bg when they come near. */
const LAZYLOAD = `/*! vanilla-lazyload-like 17.8.8 */
(function(w){function load(el){if(el.dataset.bg){el.style.backgroundImage='url('+el.dataset.bg+')'}else{if(el.dataset.srcset)el.srcset=el.dataset.srcset;if(el.dataset.src)el.src=el.dataset.src}el.classList.add('entered')}
function LazyLoad(o){var sel=(o&&o.elements_selector)||'.lazy';var els=[].slice.call(document.querySelectorAll(sel));
var io=new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting){io.unobserve(e.target);load(e.target)}})},{rootMargin:'300px 0px'});els.forEach(function(el){io.observe(el)})}
w.LazyLoad=LazyLoad})(window);`;

let fontWoff2: Buffer | undefined;

export const cdnRoutes: Routes = async (path, url) => {
  if (path === CDN.bootstrap) return css(BOOTSTRAP);
  if (path === CDN.fontAwesome) return css(FONT_AWESOME);
  if (path === CDN.jquery) return js(JQUERY);
  if (path === CDN.lazyload) return js(LAZYLOAD);
  if (path === '/ajax/libs/font-awesome/4.7.0/fonts/fontawesome-webfont.woff2') {
    fontWoff2 ??= toWoff2(iconFont());
    return { type: 'font/woff2', body: fontWoff2 };
  }
  if (path === '/ajax/libs/font-awesome/4.7.0/fonts/fontawesome-webfont.ttf')
    return { type: 'font/ttf', body: iconFont() };
  const photo = /^\/photo-([\w-]+)$/.exec(path)?.[1];
  if (photo) {
    const width = Math.min(1600, Number(url.searchParams.get('w')) || 800);
    const format: PictureFormat = url.searchParams.get('fm') === 'webp' ? 'webp' : 'jpeg';
    const height = Math.round((width * 2) / 3);
    const body = await picture(`photo-${photo}`, width, height, format);
    return { type: MIME[format], body } satisfies Reply;
  }
  return null;
};
