// RSS 2.0, RSS 1.0 (RDF) and Atom feeds (parsed with feedsmith). A feed item carries title, link, text,
// sometimes its author, pictures and language; category comes from the source's configuration. When the
// item names no author, its publisher is the feed's own `dc:publisher`, else the configured organisation,
// and is only said to have published the item (organisationIsPublisher), never to be behind it. A name
// taken from the feed gets an address from the feed (the author's uri, the feed's own site, the item's
// link), never the configured organisation's address.
/* eslint-disable @typescript-eslint/no-explicit-any -- feedsmith's parsed feed is a union of RSS, RDF and Atom shapes; each field read here is checked (textOf, httpUrlOf) where it is used */
import { parseFeed } from 'feedsmith';
import { DESCRIPTION_MAX_CHARS, TITLE_MAX_CHARS } from './feed-item.js';
import { firstImageUrl, htmlToPlainText, httpUrlOf, plainTextField, shortenLine, shortenText } from './html-text.js';
import { languageOfTag } from './language.js';
import type { Category } from '../causes/list-params.js';
import { berlinDate, isCalendarDate } from '../../time/berlin-calendar.js';

export interface RssSourceOptions {
  category: Category;
  organisationName: string;
  organisationUrl: string;
}

type Text = string | { value?: string } | undefined;
const textOf = (value: Text) => (typeof value === 'string' ? value : value?.value) ?? '';

interface Person {
  name?: string;
  uri?: string;
  link?: string;
}

interface NormalisedEntry {
  id: string | undefined;
  title: string;
  link: string | undefined;
  html: string;
  /** the item's own author(s), as the feed names them */
  authors: Person[];
  /** picture URLs the feed gives explicitly, best first (the first <img> of the text comes after) */
  images: (string | undefined)[];
  /** the language the feed states for the item or for the whole feed */
  language: string | undefined;
  /** the publisher the feed names (`dc:publisher` of the item, else of the channel) */
  publisher: string | undefined;
  /** the authors of the whole feed (Atom: the entry's source's, else the feed's): its publisher, not the item's author */
  feedAuthors?: Person[];
  /** the feed's own site: the RSS channel's <link>, the Atom feed's alternate link */
  site: string | undefined;
  /** when the item was published, as the feed writes it: RSS `pubDate`, Atom `published`, then `dc:date` */
  published: unknown[];
}

const isImageType = (type: unknown) =>
  String(type ?? '')
    .toLowerCase()
    .startsWith('image/');

/** media:content / media:thumbnail of an item, in and out of media:group: pictures first, then thumbnails. */
function mediaImages(media: any): string[] {
  if (!media) return [];
  const contents: any[] = [...(media.contents ?? []), ...(media.groups ?? []).flatMap((g: any) => g.contents ?? [])];
  const pictures = contents.filter((c) => c.medium === 'image' || isImageType(c.type)).map((c) => c.url);
  const thumbnails = [media, ...(media.groups ?? []), ...contents].flatMap((m: any) => (m.thumbnails ?? []).map((t: any) => t.url));
  return [...pictures, ...thumbnails];
}

function entriesOf(xml: string): NormalisedEntry[] {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch (error) {
    throw new Error(`not an RSS or Atom feed: ${(error as Error).message}`, { cause: error });
  }
  const { format, feed } = parsed as { format: string; feed: any };
  if (format === 'rss' || format === 'rdf') {
    const feedLanguage = feed.language ?? feed.dc?.languages?.[0];
    const site = httpUrlOf(feed.link);
    return (feed.items ?? []).map((item: any) => ({
      id: textOf(item.guid) || item.link,
      title: textOf(item.title),
      link: item.link,
      html: item.content?.encoded ?? textOf(item.description),
      // RSS names an item's author in <author> ("mail@example.org (Name)"), <dc:creator> or <itunes:author>.
      authors: [
        ...(item.authors ?? []).map((a: any) => ({ name: typeof a === 'string' ? a : a?.name, link: a?.link })),
        ...(item.dc?.creators ?? []).map((name: string) => ({ name })),
        ...(item.itunes?.author ? [{ name: item.itunes.author }] : []),
      ],
      images: [...(item.enclosures ?? []).filter((e: any) => isImageType(e.type)).map((e: any) => e.url), ...mediaImages(item.media), item.itunes?.image],
      language: item.dc?.languages?.[0] ?? feedLanguage,
      publisher: item.dc?.publishers?.[0] ?? feed.dc?.publishers?.[0],
      site,
      published: [item.pubDate, ...(item.dc?.dates ?? [])],
    }));
  }
  if (format === 'atom') {
    const feedLanguage = feed.xml?.lang;
    const feedLinks: { href?: string; rel?: string }[] = feed.links ?? [];
    const site = httpUrlOf(feedLinks.find((l) => !l.rel || l.rel === 'alternate')?.href);
    return (feed.entries ?? []).map((entry: any) => {
      const links: { href?: string; rel?: string; type?: string }[] = entry.links ?? [];
      // RFC 4287 4.2.1: an entry without author takes its source's, else the feed's. That author wrote
      // the feed (a newsroom: "heise online"), not each item: it is the item's publisher, never the one
      // behind an action.
      const inherited = entry.source?.authors?.length ? entry.source.authors : (feed.authors ?? []);
      const authors = entry.authors?.length ? entry.authors : [];
      return {
        id: entry.id,
        title: textOf(entry.title),
        link: (links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0])?.href,
        html: textOf(entry.content) || textOf(entry.summary),
        authors,
        images: [...links.filter((l) => l.rel === 'enclosure' && isImageType(l.type)).map((l) => l.href), ...mediaImages(entry.media), entry.itunes?.image],
        language: entry.xml?.lang ?? feedLanguage,
        publisher: entry.dc?.publishers?.[0] ?? feed.dc?.publishers?.[0],
        feedAuthors: inherited,
        site,
        // `updated` is when the entry last changed, not when it appeared
        published: [entry.published, ...(entry.dc?.dates ?? [])],
      };
    });
  }
  throw new Error(`not an RSS or Atom feed (found ${format})`);
}

/** The names of the item's own authors (an e-mail address alone names nobody), and the first one's URL
 *  (an Atom author's uri, an RSS author's link) when the feed gives one. */
function authorOf(entry: Pick<NormalisedEntry, 'authors'>): { name: string; url: string | undefined } | undefined {
  const named = entry.authors
    .map((a) => ({ name: plainTextField(a.name), url: httpUrlOf(a.uri ?? a.link) }))
    .filter((a) => a.name && !/^\S+@\S+$/.test(a.name));
  const names = [...new Set(named.map((a) => a.name))];
  if (!names.length) return undefined;
  return { name: shortenLine(names.join(', '), 300), url: named[0].url };
}

/**
 * The Berlin calendar day of the first of an item's dates that can be read (RFC 822 in RSS, RFC 3339 in
 * Atom and Dublin Core), or undefined. A date without a zone is the day it names, on any machine.
 */
function publishedDay(values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const zoneless = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(value.trim());
    if (zoneless) {
      if (isCalendarDate(zoneless[1])) return zoneless[1];
      continue;
    }
    const instant = new Date(value.trim());
    if (!Number.isNaN(instant.getTime())) return berlinDate(instant);
  }
  return undefined;
}

/** Maps feed entries onto json-feed items; what is missing stays missing, and the import says so. */
export function rssFeedItems(xml: string, options: RssSourceOptions): unknown[] {
  return entriesOf(xml).map((entry) => {
    const title = shortenLine(plainTextField(entry.title), TITLE_MAX_CHARS);
    const description = shortenText(htmlToPlainText(entry.html) || title, DESCRIPTION_MAX_CHARS);
    const link = entry.link?.trim() || undefined;
    const author = authorOf(entry);
    const feedAuthor = entry.feedAuthors ? authorOf({ authors: entry.feedAuthors }) : undefined;
    const publisher = plainTextField(entry.publisher) || feedAuthor?.name;
    // the address of a name the feed gives: its own, else the feed's site, else the item's page
    const feedAddress = entry.site ?? httpUrlOf(link);
    const image = [...entry.images.map((url) => httpUrlOf(url, link)), firstImageUrl(entry.html, link)].find(Boolean);
    const language = languageOfTag(entry.language);
    const publishedOn = publishedDay(entry.published);
    return {
      externalId: entry.id,
      title,
      description,
      category: options.category,
      ...(author
        ? { organisationName: author.name, organisationUrl: author.url ?? feedAddress }
        : publisher
          ? {
              organisationName: shortenLine(publisher, 300),
              organisationUrl: (!entry.publisher && feedAuthor?.url) || feedAddress,
              organisationIsPublisher: true,
            }
          : { organisationName: options.organisationName, organisationUrl: options.organisationUrl, organisationIsPublisher: true }),
      url: link,
      ...(image ? { imageUrl: image } : {}),
      ...(language ? { language } : {}),
      // read by the action rules (`openForDays`), not imported
      ...(publishedOn ? { publishedOn } : {}),
    };
  });
}
