// betterplace.org's project list (the `projects` format of its API v4: an envelope with `data` and
// paging, projects with amounts in cents and HTML descriptions), mapped to `Spenden` causes. The public
// v4 endpoint closed on 2026-07-01; the contract client API serves the same format behind HTTP Basic
// auth, whose credentials come from the environment variables the source names.
import type { SkippedItem } from '../causes/cause-import.service.js';
import { DEFAULT_FETCH_LIMITS, fetchSourceText, parseJson, type FetchLimits } from './fetch-source.js';
import { htmlToPlainText } from './html-text.js';

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
  title?: string;
  summary?: string | null;
  description?: string | null;
  progress_percentage?: number | null;
  donated_amount_in_cents?: number | null;
  open_amount_in_cents?: number | null;
  donations_prohibited?: boolean;
  closed_at?: string | null;
  completed_at?: string | null;
  carrier?: { name?: string; links?: Link[] } | null;
  profile_picture?: { fallback?: boolean; links?: Link[] } | null;
  links?: Link[];
}

interface ProjectPage {
  data?: Project[];
  current_page?: number;
  total_pages?: number;
}

const DEFAULT_MAX_PAGES = 20;
const IMAGE_PREFERENCE = ['fill_960x500', 'fill_730x380', 'original'];
const href = (links: Link[] | undefined, rel: string) => links?.find((l) => l.rel === rel)?.href;

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

/** A project that still accepts donations, as a json-feed item; or the reason it is left out. */
export function mapBetterplaceProject(project: Project): { item: Record<string, unknown> } | { skip: string } {
  if (project.donations_prohibited || project.closed_at || project.completed_at) return { skip: 'project no longer accepts donations' };
  if (!project.carrier?.name) return { skip: 'project has no carrier organisation' };
  const donated = project.donated_amount_in_cents ?? null;
  const open = project.open_amount_in_cents ?? null;
  const picture = project.profile_picture?.fallback ? undefined : IMAGE_PREFERENCE.map((rel) => href(project.profile_picture?.links, rel)).find(Boolean);
  const platformUrl = href(project.links, 'platform');
  return {
    item: {
      externalId: project.id,
      title: project.title,
      description: htmlToPlainText(project.description) || project.summary?.trim() || project.title,
      category: 'Spenden',
      organisationName: project.carrier.name,
      organisationUrl: href(project.carrier.links, 'website') ?? href(project.carrier.links, 'platform') ?? platformUrl,
      url: platformUrl,
      ...(picture ? { imageUrl: picture } : {}),
      ...(donated !== null && open !== null ? { fundingCurrent: donated / 100, fundingGoal: (donated + open) / 100 } : {}),
      ...(typeof project.progress_percentage === 'number' ? { progressPct: project.progress_percentage } : {}),
    },
  };
}

export async function fetchBetterplaceItems(
  source: BetterplaceSource,
  context: { limits?: FetchLimits; secret: (name: string) => string | undefined },
): Promise<{ items: unknown[]; skipped: SkippedItem[] }> {
  const headers = authorization(source, context.secret);
  const maxPages = source.maxPages ?? DEFAULT_MAX_PAGES;
  const items: unknown[] = [];
  const skipped: SkippedItem[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const url = new URL(source.location);
    url.searchParams.set('page', String(page));
    const body = parseJson(await fetchSourceText(url.toString(), context.limits ?? DEFAULT_FETCH_LIMITS, headers), url.toString()) as ProjectPage;
    if (!Array.isArray(body?.data)) throw new Error(`${url} is not a betterplace project list: expected a "data" array`);
    for (const project of body.data) {
      const mapped = mapBetterplaceProject(project);
      if ('item' in mapped) items.push(mapped.item);
      else skipped.push({ externalId: project.id === undefined ? null : String(project.id), reason: mapped.skip });
    }
    if (!body.total_pages || (body.current_page ?? page) >= body.total_pages) break;
  }
  return { items, skipped };
}
