// German grammar for any organisation's name: the name is never inflected. It always stands after a head
// noun that carries article and case ("der Verein Freibadfreunde Chiemgau e.V. sammelt", "vom Verein …",
// "die Organisation Lesepaten Hamburg"), so verbs agree with the head noun, whatever the name is; a name
// without a certain head noun is named in the nominative by the messages ("Hinter der Petition steht …").
import { message } from './messages.js';

export type Gender = 'm' | 'f' | 'n';

/** Names that begin with their own head noun take the article directly: "die Initiative Schlafwagen …". */
const LEADING_HEAD_NOUNS: Record<string, Gender> = {
  Initiative: 'f',
  Bürgerinitiative: 'f',
  Elterninitiative: 'f',
  Stiftung: 'f',
  Verein: 'm',
  Förderverein: 'm',
  Bündnis: 'n',
  Aktionsbündnis: 'n',
  Netzwerk: 'n',
  Arbeitskreis: 'm',
  Verband: 'm',
  Landesverband: 'm',
  Bundesverband: 'm',
  Kreisverband: 'm',
  Genossenschaft: 'f',
  Gemeinschaft: 'f',
  Kampagne: 'f',
  Komitee: 'n',
  Forum: 'n',
  Projekt: 'n',
  Aktionskreis: 'm',
  Freundeskreis: 'm',
  Kollektiv: 'n',
  Zentrum: 'n',
  Organisation: 'f',
  Gesellschaft: 'f',
  Aktion: 'f',
  Stadtteilinitiative: 'f',
};

export interface OrgHead {
  /** message id of the head noun put before the name, or null when the name begins with its own */
  head: string | null;
  gender: Gender;
  /** an adjective before the name's own head noun ("Inklusiver Sportverein"): inflected after the article */
  adjective?: { word: string; stem: string };
}

/**
 * A descriptive adjective in its strong nominative ending before a head noun of the same gender
 * ("Inklusiver Sportverein", "Offenes Netzwerk", "Soziale Initiative"); after an article it takes the weak
 * ending ("der Inklusive Sportverein", "dem Inklusiven Sportverein"). Only adjectives with a telling suffix:
 * an "-er" of a place ("Bremer Tafel", "Münchner Verein") is never inflected.
 */
const QUALITY_ADJECTIVE = /^(\p{Lu}\p{Ll}*(?:isch|lich|ig|iv|al|ell|ar|är|ös|bar|sam|haft|los|ent|ant))(er|es|e)$/u;
const STRONG_ENDING: Record<Gender, string> = { m: 'er', n: 'es', f: 'e' };

/**
 * The last part of a compound first word that is the head of the name, and its gender: an organisation's
 * ("Kinderhospizverein", "Tafel-Netzwerk") whatever the legal form, and, for a name without a legal form
 * (which would name the head itself: "das Lernwerk Sachsen gGmbH" is a company), a body's or a place's
 * ("Elternrat", "Landeselternnetz", "Lebenshof", "Frauenhaus").
 */
const COMPOUND_HEAD = /^\p{Lu}[\p{L}-]*?(verein|initiative|bündnis|netzwerk|stiftung|verband|kreis|gemeinschaft)$/iu;
const COMPOUND_HEAD_WITHOUT_LEGAL_FORM = /^\p{Lu}[\p{L}-]*?(rat|netz|hof|haus|werk|bund|gruppe|team)$/iu;
const COMPOUND_GENDER: Record<string, Gender> = {
  verein: 'm',
  verband: 'm',
  kreis: 'm',
  rat: 'm',
  hof: 'm',
  bund: 'm',
  bündnis: 'n',
  netzwerk: 'n',
  netz: 'n',
  haus: 'n',
  werk: 'n',
  team: 'n',
  initiative: 'f',
  stiftung: 'f',
  gemeinschaft: 'f',
  gruppe: 'f',
};
const LEGAL_FORM = /\s*(?:e\.\s?V\.|eV|gGmbH|GmbH|e\.\s?G\.|eG)$/u;

/** A head noun that may not be put before a name that already contains it ("der Verein Inklusiver Sportverein …"). */
const HEAD_WORD_INSIDE =
  /verein|initiative|stiftung|bündnis|netzwerk|verband|gesellschaft|genossenschaft|organisation|gemeinschaft|(?:freundes|arbeits|aktions)kreis|komitee|kollektiv/iu;

/**
 * The head noun is taken from the legal form or the first word only where that is certain. null when it
 * is not (a person, an institution, a newsroom, a name without legal form: "Deutscher Bundestag", "Maria
 * Schmidt", "heise online"), or when the name already holds the head noun in another form ("Inklusiver
 * Sportverein … e.V."): such a name is never put after an article, it stands in the nominative ("Hinter der Petition steht …").
 */
export function organisationHead(name: string): OrgHead | null {
  const first = name.split(/\s+/)[0] ?? '';
  const legal = name.replace(LEGAL_FORM, '');
  if (name.includes(' ')) {
    if (LEADING_HEAD_NOUNS[first]) return { head: null, gender: LEADING_HEAD_NOUNS[first] };
    // A compound first word ending in a head noun is its own head: "der Kinderhospizverein Oberlausitz e.V.",
    // "das Tafel-Netzwerk Rhein-Neckar e.V.", "der Elternrat Elbinsel-Schulen". An adjective in front
    // ("Inklusiver …") never matches: the name is never inflected.
    const compound = COMPOUND_HEAD.exec(first) ?? (legal === name ? COMPOUND_HEAD_WITHOUT_LEGAL_FORM.exec(first) : null);
    if (compound) return { head: null, gender: COMPOUND_GENDER[compound[1].toLowerCase()] };
    const [, second = ''] = name.split(/\s+/);
    const adjective = QUALITY_ADJECTIVE.exec(first);
    const secondHead = LEADING_HEAD_NOUNS[second] ?? COMPOUND_GENDER[COMPOUND_HEAD.exec(second)?.[1].toLowerCase() ?? ''];
    if (adjective && secondHead && STRONG_ENDING[secondHead] === adjective[2]) {
      return { head: null, gender: secondHead, adjective: { word: first, stem: adjective[1] } };
    }
  }
  if (HEAD_WORD_INSIDE.test(legal)) return null;
  if (/\be\.\s?V\.$|\beV$/u.test(name)) return { head: 'org-head-verein', gender: 'm' };
  if (/\bgGmbH$/u.test(name)) return { head: 'org-head-ggmbh', gender: 'f' };
  if (/\bGmbH$/u.test(name)) return { head: 'org-head-gmbh', gender: 'f' };
  if (/\be\.\s?G\.$|\beG$/u.test(name)) return { head: 'org-head-genossenschaft', gender: 'f' };
  return null;
}

/**
 * The forms a German text may name the organisation in: the name as it is, and with a leading adjective in
 * its weak endings ("Inklusive Sportverein …", "Inklusiven Sportverein …"). Checks that the name is given
 * as it is accept these.
 */
export function namesOf(org: string): string[] {
  const adjective = organisationHead(org)?.adjective;
  return adjective ? [org, ...WEAK_ENDINGS.map((ending) => withEnding(org, adjective, ending))] : [org];
}

/** The weak endings of an adjective after the article: "der Inklusive", "dem/den/vom Inklusiven". */
const WEAK_ENDINGS = ['e', 'en'] as const;
const withEnding = (org: string, adjective: { word: string; stem: string }, ending: (typeof WEAK_ENDINGS)[number]) =>
  `${adjective.stem}${ending}${org.slice(adjective.word.length)}`;

/** The name with its leading adjective in the weak ending the article asks for in the case of `name`. */
function weakAdjective(org: string, adjective: { word: string; stem: string }, gender: Gender, name: OrgPlaceholder): string {
  return withEnding(org, adjective, name === 'orgNom' || (name === 'orgAcc' && gender !== 'm') ? 'e' : 'en');
}

const ORG_MESSAGES = { orgNom: 'org-nom', orgAcc: 'org-acc', orgDat: 'org-dat', orgVon: 'org-von', orgBei: 'org-bei', orgGen: 'org-gen' } as const;
/** The placeholders of the messages that name the organisation in a case ($orgNom, $orgDat, …). */
export type OrgPlaceholder = keyof typeof ORG_MESSAGES;

/**
 * The organisation in the case a German sentence needs: article, head noun, the name as it is. Only
 * for a name with a certain head noun (the messages for the others name it as a label).
 */
export function germanOrg(org: string, name: OrgPlaceholder): string {
  const found = organisationHead(org);
  if (!found) throw new Error(`no head noun for "${org}": a label message must be used`);
  const { head, gender } = found;
  // The genitive would inflect a name that begins with its own masculine or neuter head noun ("des Fördervereins …").
  if (name === 'orgGen' && gender !== 'f' && !head) name = 'orgVon';
  const kase = name === 'orgNom' || name === 'orgAcc' ? 'nom' : name === 'orgGen' ? 'gen' : 'other';
  const headed = head ? `${message('de', head, { case: kase })} ${org}` : found.adjective ? weakAdjective(org, found.adjective, gender, name) : org;
  return message('de', ORG_MESSAGES[name], { gender, headed });
}
