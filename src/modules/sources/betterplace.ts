// betterplace.org's project list (the `projects` format of its API v4: an envelope with `data` and
// paging, projects with amounts in cents and HTML descriptions), mapped to `Spenden` causes. The public
// v4 endpoint closed on 2026-07-01; the contract client API serves the same format behind HTTP Basic
// auth, whose credentials come from the environment variables the source names.
//
// Paging: an http(s) source is read page by page (`page=1, 2, …` up to `total_pages`, at most
// `maxPages`); a file is one page. When the run cannot see the whole list (a page failed or came back
// empty, the page limit was reached, the server ignores `page`, `total_entries` changed between pages,
// a file holds one page of several) it says exactly why in a
// warning and reports itself incomplete: what it saw is imported, no cause is deactivated for being
// absent (see importSourceItems).
import type { AdapterResult } from './adapter-types.js';
import type { SkippedItem } from './skipped-item.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-limits.js';
import { fetchSourceText } from './fetch-source.js';
import { htmlToPlainText, plainTextField, shortenLine, shortenText } from './html-text.js';
import { DESCRIPTION_MAX_CHARS, parseJson, TITLE_MAX_CHARS } from './feed-item.js';
import { regionAt } from '../causes/regions.js';

export interface BetterplaceSource {
  name: string;
  location: string;
  usernameEnv?: string;
  passwordEnv?: string;
  maxPages?: number;
}

interface Link {
  rel?: string;
  href?: string;
}

interface Project {
  id?: number | string;
  /** search results mix "Project" and "FundraisingEvent"; the projects list has no type */
  type?: string;
  title?: string;
  summary?: string | null;
  description?: string | null;
  progress_percentage?: number | null;
  donated_amount_in_cents?: number | null;
  open_amount_in_cents?: number | null;
  donations_prohibited?: boolean;
  closed_at?: string | null;
  /** when the project (its figures among it) was last updated: "2022-08-30T08:42:44+02:00" */
  updated_at?: string | null;
  completed_at?: string | null;
  carrier?: { id?: number; name?: string; links?: Link[] } | null;
  profile_picture?: { fallback?: boolean; links?: Link[] } | null;
  links?: Link[];
  /** the project's place: its country's name in the response's locale, and WGS 84 coordinates */
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

interface ProjectPage {
  data?: Project[];
  current_page?: number;
  total_pages?: number;
  total_entries?: number;
}

export const DEFAULT_MAX_PAGES = 20;
const IMAGE_PREFERENCE = ['fill_960x500', 'fill_730x380', 'original', 'large'];
const isHttpUrl = (value: string | undefined): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);
const href = (links: Link[] | undefined, rel: string) => {
  const value = links?.find((l) => l.rel === rel)?.href;
  return isHttpUrl(value) ? value : undefined;
};

/** Why a project is not a donation cause at all. */
export const SKIP_REASONS = {
  notAProject: (type: string) => `not a project but a ${type}`,
  noCarrier: 'no carrier organisation (a private project, not a non-profit)',
  placeholder: 'placeholder data (the carrier has no real name, e.g. "Organisation #1")',
} as const;

/** Why a project the platform lists is over: it is imported as an inactive cause with this reason. */
export const CLOSED_REASONS = {
  closed: 'no longer accepts donations',
  funded: 'fully funded',
} as const;

/**
 * A carrier named by a placeholder, as in betterplace's staging data ("Organisation #1"): a generic word
 * and a number, no real organisation's name. Its project is test data, not an action to give to.
 */
const PLACEHOLDER_CARRIER = /^(?:organi[sz]ations?|org|carrier|träger|verein|test|example|beispiel|dummy)\s*#\s*\d+$/iu;

function authorization(source: BetterplaceSource, secret: (name: string) => string | undefined): Record<string, string> {
  if (!source.usernameEnv && !source.passwordEnv) return {};
  const user = source.usernameEnv ? secret(source.usernameEnv) : undefined;
  const password = source.passwordEnv ? secret(source.passwordEnv) : undefined;
  if (user === undefined || password === undefined) {
    const missing = [source.usernameEnv, source.passwordEnv].filter((n) => n && secret(n) === undefined);
    throw new Error(`credentials are configured but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
  }
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

/**
 * The carrier's own address: its website or its page on the platform when the response links them;
 * else its organisation page, built from the carrier's id (or its API `self` link) on the host and in
 * the locale of the project's page (https://www.betterplace.org/de/organisations/1054); the project's
 * page only when nothing names the carrier.
 */
function carrierUrl(project: Project, projectPage: string | undefined): string | undefined {
  const links = project.carrier?.links;
  const own = href(links, 'website') ?? href(links, 'platform');
  if (own) return own;
  const id = project.carrier?.id ?? /\/organisations\/(\d+)(?:\.json)?(?:[?#]|$)/.exec(href(links, 'self') ?? '')?.[1];
  const page = /^(https?:\/\/[^/]+)\/([a-z]{2})\/projects\//i.exec(projectPage ?? '');
  if (id !== undefined && page) return `${page[1]}/${page[2]}/organisations/${id}`;
  return projectPage;
}

/** How betterplace names Germany in the `country` of a project (the locales de and en). */
const GERMANY = new Set(['Deutschland', 'Germany']);

const isCoordinate = (value: unknown, bound: number): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= bound;

/**
 * The project's coordinates, and its Land when the project says it is in Germany and its coordinates
 * lie in a Land (regions.ts). A project abroad, or one without coordinates, names no region: it takes
 * the source's `region` setting, else its place is unknown (never nationwide by itself).
 */
function projectPlace(project: Project): Record<string, unknown> {
  const { latitude, longitude } = project;
  if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) return {};
  // 0, 0 is where a missing place lands, not a place of a project
  if (latitude === 0 && longitude === 0) return {};
  const region = typeof project.country === 'string' && GERMANY.has(project.country.trim()) ? regionAt(latitude, longitude) : null;
  return { latitude, longitude, ...(region ? { region } : {}) };
}

/**
 * Why the project is over (closed, completed, donations prohibited, or nothing left to give to: open
 * amount 0 or below, or 100 %, as the 2013 format without completed_at shows it), or undefined while it
 * accepts donations.
 */
function closedReasonOf(project: Project, open: number | null): string | undefined {
  if (project.donations_prohibited || project.closed_at || project.completed_at) return CLOSED_REASONS.closed;
  if ((open !== null && open <= 0) || (typeof project.progress_percentage === 'number' && project.progress_percentage >= 100)) return CLOSED_REASONS.funded;
  return undefined;
}

/**
 * A project as a json-feed item: one that is over carries its reason (`closedReason`) and is imported
 * as an inactive cause, so that the platform's newest word on it stands against older listings of it
 * (cause-sources.service.ts); or the reason it is not a donation cause at all.
 */
export function mapBetterplaceProject(project: Project): { item: Record<string, unknown> } | { skip: string } {
  if (project.type && project.type !== 'Project') return { skip: SKIP_REASONS.notAProject(project.type) };
  const organisationName = plainTextField(project.carrier?.name);
  if (!organisationName) return { skip: SKIP_REASONS.noCarrier };
  if (PLACEHOLDER_CARRIER.test(organisationName)) return { skip: SKIP_REASONS.placeholder };
  const donated = project.donated_amount_in_cents ?? null;
  const open = project.open_amount_in_cents ?? null;
  const closedReason = closedReasonOf(project, open);
  const title = shortenLine(plainTextField(project.title), TITLE_MAX_CHARS);
  const picture = project.profile_picture?.fallback ? undefined : IMAGE_PREFERENCE.map((rel) => href(project.profile_picture?.links, rel)).find(Boolean);
  const platformUrl = href(project.links, 'platform');
  const description = htmlToPlainText(project.description) || htmlToPlainText(project.summary) || title;
  // the calendar day as the platform writes it (its own time zone): the figures are dated by month
  const figuresDay = /^(\d{4}-\d{2}-\d{2})T/.exec(project.updated_at ?? '')?.[1];
  return {
    item: {
      externalId: project.id,
      title,
      description: shortenText(description, DESCRIPTION_MAX_CHARS),
      category: 'Spenden',
      organisationName,
      organisationUrl: carrierUrl(project, platformUrl),
      url: platformUrl,
      ...(picture ? { imageUrl: picture } : {}),
      ...(donated !== null && open !== null ? { fundingCurrent: donated / 100, fundingGoal: (donated + open) / 100 } : {}),
      ...(typeof project.progress_percentage === 'number' ? { progressPct: project.progress_percentage } : {}),
      ...projectPlace(project),
      // listed, not closed, not completed, donations allowed: the platform says the project is open
      ...(closedReason ? { closedReason } : { statusOpen: true }),
      ...(figuresDay ? { figuresAsOf: figuresDay } : {}),
    },
  };
}

const idOf = (project: Project) => (project.id === undefined || project.id === null ? null : String(project.id));

export async function fetchBetterplaceItems(
  source: BetterplaceSource,
  context: { limits?: FetchLimits; secret: (name: string) => string | undefined },
): Promise<AdapterResult> {
  const headers = authorization(source, context.secret);
  const maxPages = source.maxPages ?? DEFAULT_MAX_PAGES;
  const isHttp = /^https?:\/\//i.test(source.location);
  const result: AdapterResult = { items: [], skipped: [], complete: true, warnings: [], pagesRead: 0 };
  const seen = new Set<string>();
  const incomplete = (warning: string) => {
    result.complete = false;
    result.warnings!.push(`${warning}; what was read is imported, no cause is deactivated for being absent`);
  };

  async function readPage(page: number): Promise<ProjectPage> {
    let where = source.location;
    if (isHttp) {
      const url = new URL(source.location);
      url.searchParams.set('page', String(page));
      where = url.toString();
    }
    const body = parseJson(await fetchSourceText(where, context.limits ?? DEFAULT_FETCH_LIMITS, headers), where) as ProjectPage;
    if (!Array.isArray(body?.data)) throw new Error(`${where} is not a betterplace project list: expected a "data" array`);
    return body;
  }

  function take(projects: Project[]): void {
    result.pagesRead! += 1;
    for (const project of projects) {
      const id = idOf(project);
      if (id !== null) seen.add(id);
      const mapped = mapBetterplaceProject(project);
      if ('item' in mapped) result.items.push(mapped.item);
      else result.skipped.push({ externalId: id, reason: mapped.skip } satisfies SkippedItem);
    }
  }

  // The first page decides: if it cannot be read, the source fails and its causes stay as they were.
  const first = await readPage(1);
  take(first.data!);
  const totalPages = Number.isInteger(first.total_pages) && first.total_pages! > 0 ? first.total_pages! : 1;
  const firstPage = Number.isInteger(first.current_page) ? first.current_page! : 1;
  if (!isHttp) {
    if (totalPages > 1) incomplete(`${source.location} is a file and holds page ${firstPage} of ${totalPages}; a file cannot be paged`);
    return result;
  }
  // total_entries as last stated, and on which page
  let [entries, entriesPage] = [first.total_entries, firstPage];
  for (let page = 2; page <= totalPages; page += 1) {
    if (page > maxPages) {
      incomplete(`stopped at the page limit: read ${maxPages} of ${totalPages} pages (maxPages ${maxPages})`);
      break;
    }
    let body: ProjectPage;
    try {
      body = await readPage(page);
    } catch (error) {
      incomplete(`page ${page} of ${totalPages} failed (${(error as Error).message}); pages 1 to ${page - 1} were read`);
      break;
    }
    if (Number.isInteger(body.current_page) && body.current_page !== page) {
      incomplete(`page ${page} of ${totalPages} answered as page ${body.current_page}: the server ignores "page"; read ${page - 1} of ${totalPages} pages`);
      break;
    }
    if (body.data!.length === 0) {
      // An announced page with nothing on it: the list got shorter while it was read (what was on the
      // later pages moved onto pages already read) or the server stopped early. Either way, projects
      // may exist that this run did not see.
      incomplete(`page ${page} of ${totalPages} came back empty; read ${page - 1} of ${totalPages} pages`);
      break;
    }
    const ids = body.data!.map(idOf).filter((id): id is string => id !== null);
    const repeated = ids.filter((id) => seen.has(id));
    if (repeated.length === ids.length && ids.length > 0) {
      incomplete(`page ${page} of ${totalPages} repeats the projects of earlier pages: the server ignores "page"; read ${page - 1} of ${totalPages} pages`);
      break;
    }
    if (Number.isInteger(body.total_entries) && Number.isInteger(entries) && body.total_entries !== entries) {
      // Projects added or removed before the page being read shift the rest across page boundaries:
      // one may slip onto a page already read and never be seen, so the read cannot be complete.
      incomplete(`the list changed while it was read: total_entries was ${entries} on page ${entriesPage} and ${body.total_entries} on page ${page}`);
    }
    if (Number.isInteger(body.total_entries)) [entries, entriesPage] = [body.total_entries, page];
    if (repeated.length > 0) {
      // The list moved while it was read: a project may have slipped past us onto an earlier page.
      incomplete(
        `page ${page} of ${totalPages} repeats ${repeated.length} project(s) of earlier pages (${repeated.join(', ')}): the list changed while it was read`,
      );
    }
    take(body.data!.filter((project) => !repeated.includes(idOf(project) ?? '')));
  }
  return result;
}
