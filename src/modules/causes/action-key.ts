// Which real action an item points at, the same whichever source or page lists it: a betterplace project
// by its id ("betterplace:project:1114", whatever the slug and locale of its page), any other page by its
// canonical URL (https, host without "www." and in lower case, no fragment, no trailing slash, no tracking
// parameters, the other parameters sorted).
import normalizeUrl from 'normalize-url';

/** Query parameters that say where a visitor came from, not what the page is. */
const TRACKING_PARAMETERS = [/^utm_\w+$/i, /^wt_\w+$/i, /^mtm_\w+$/i, /^pk_\w+$/i, 'fbclid', 'gclid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid', 'ref', 'ref_src'];

const BETTERPLACE_PROJECT = /^https?:\/\/(?:www\.)?betterplace\.org\/[a-z]{2}\/projects\/(\d+)(?:[-/?#]|$)/i;

export function actionKeyOf(url: string): string | null {
  const project = BETTERPLACE_PROJECT.exec(url.trim());
  if (project) return `betterplace:project:${project[1]}`;
  try {
    return normalizeUrl(url.trim(), {
      forceHttps: true,
      stripHash: true,
      stripWWW: true,
      removeQueryParameters: TRACKING_PARAMETERS,
      removeTrailingSlash: true,
      removeSingleSlash: true,
      sortQueryParameters: true,
    });
  } catch {
    return null;
  }
}
