import type { Routes } from './hosts';

/** The addresses a page's files come from (other origins than the page: its CDNs). */
export interface PageHosts {
  /** Bootstrap, the icon font, jQuery, the lazy-load library, the image service (127.0.0.2). */
  cdn: string;
  /** The Google-Fonts-like style sheet API (127.0.0.3); its font files are on 127.0.0.4. */
  fontsCss: string;
}

/** One real-world page: its own site (127.0.0.1, a port of its own), at `path`. */
export interface RealPage {
  id: string;
  /** What the page is, for the test and bench output. */
  title: string;
  path: string;
  routes(hosts: PageHosts): Routes;
}
