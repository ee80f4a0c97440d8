// RSS 2.0 and Atom feeds (parsed with feedsmith). A feed item carries only title, link, text and dates,
// so category, organisation and platform come from the source's configuration.
import { parseFeed } from 'feedsmith';
import { htmlToPlainText } from './html-text.js';

export interface RssSourceOptions {
  category: 'Spenden' | 'Petition' | 'Brief';
  organisationName: string;
  organisationUrl: string;
}

type Text = string | { value?: string } | undefined;
const textOf = (value: Text) => (typeof value === 'string' ? value : value?.value) ?? '';

interface NormalisedEntry {
  id: string | undefined;
  title: string;
  link: string | undefined;
  html: string;
  image: string | undefined;
}

function entriesOf(xml: string): NormalisedEntry[] {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch (error) {
    throw new Error(`not an RSS or Atom feed: ${(error as Error).message}`);
  }
  const { format, feed } = parsed as { format: string; feed: any };
  if (format === 'rss' || format === 'rdf') {
    return (feed.items ?? []).map((item: any) => ({
      id: textOf(item.guid) || item.link,
      title: textOf(item.title),
      link: item.link,
      html: item.content?.encoded ?? textOf(item.description),
      image: item.enclosures?.find((e: any) => String(e.type ?? '').startsWith('image/'))?.url ?? item.enclosure?.url,
    }));
  }
  if (format === 'atom') {
    return (feed.entries ?? []).map((entry: any) => {
      const links: { href?: string; rel?: string; type?: string }[] = entry.links ?? [];
      return {
        id: entry.id,
        title: textOf(entry.title),
        link: (links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0])?.href,
        html: textOf(entry.content) || textOf(entry.summary),
        image: links.find((l) => l.rel === 'enclosure' && String(l.type ?? '').startsWith('image/'))?.href,
      };
    });
  }
  throw new Error(`not an RSS or Atom feed (found ${format})`);
}

/** Maps feed entries onto json-feed items; what is missing stays missing, and the import says so. */
export function rssFeedItems(xml: string, options: RssSourceOptions): unknown[] {
  return entriesOf(xml).map((entry) => {
    const title = entry.title.trim();
    const description = htmlToPlainText(entry.html) || title;
    return {
      externalId: entry.id,
      title,
      description,
      category: options.category,
      organisationName: options.organisationName,
      organisationUrl: options.organisationUrl,
      url: entry.link,
      ...(entry.image ? { imageUrl: entry.image } : {}),
    };
  });
}
