// The sentences a summary quotes from the description: whole sentences that stand on their own as the
// source's words (a statement, formal, in the third person, pointing back at nothing, no sponsor,
// navigation or form line, no fragment). The summary attributes them to the source (summary-quote-* in
// the message files); the rules a sentence must pass are named in QUOTE_RULES, one place for all of them.
import { splitSentences } from '../../text/sentences.js';
import { FUNCTION_WORDS, functionWordCounts } from '../../text/function-words.js';
import { hasContactDetails, offPlatformInstruction } from './contact-details.js';
import type { Language } from './messages.js';

const ENDS_SENTENCE = /[.!?…]["“”»«'’)]*$/u;

/** Zero-width spaces and joiners, the word joiner and the byte-order mark: invisible, but they reach a reader's copy. */
export const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/gu;

/** Words written one per space, as alternatives of a regular expression: "a b c" → "a|b|c". */
const anyOf = (words: string) => words.trim().split(/\s+/).join('|');

/**
 * Time relative to a day the text does not give ("…hat der Veranstalter gestern abgesagt.", "Heute zeigt
 * …", "am Freitag"): the item's own date is not kept, so such a sentence cannot be resolved and is not
 * quoted. "Morgen" as a noun ("am Morgen", "jeden Morgen") is not relative.
 */
const RELATIVE_TIME: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:[Hh]eute|[Gg]estern|[Vv]orgestern|übermorgen|[Hh]eutige\p{L}*|[Gg]estrige\p{L}*|morgige\p{L}*|[Dd]iese Woche|(?:[Ll]etzte|[Nn]ächste|[Kk]ommende|[Vv]ergangene)[nm]? (?:Woche|Wochenende|Monat|Jahr|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)|[Kk]ürzlich|[Nn]eulich|[Jj]üngst|[Vv]or kurzem|[Vv]or (?:\p{L}+ )?(?:Tagen|Wochen|Monaten|Jahren)|am (?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)(?!\s*,?\s*(?:den\s+)?\d))(?!\p{L})|(?<!\p{L})morgen(?!\p{L})|^Morgen(?=\s+\p{Ll})/u,
  en: /\b(?:[Tt]oday|[Tt]onight|[Yy]esterday|[Tt]omorrow|[Tt]his (?:week|morning|afternoon|evening)|[Rr]ecently|[Ll]ately|the other day|(?:\d+|a few|a couple of|several|two|three|four|five|six|seven|eight|nine|ten) (?:days|weeks|months|years) ago|a (?:day|week|month|year) ago|(?:[Ll]ast|[Pp]ast) (?:month|year)|(?:[Ll]ast|[Nn]ext) (?:week|weekend|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?!,?\s+\d))\b/u,
};

/**
 * Words a reader takes for the day they read ("derzeit", "immer noch", "are now only able to",
 * "currently"): true of a campaign that runs to a deadline ahead, unknown of one that nothing dates
 * (ExcerptOptions.noDeadline).
 */
const READS_AS_TODAY: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:[Jj]etzt|[Dd]erzeit\p{L}*|[Zz]urzeit|[Mm]omentan\p{L}*|[Aa]ktuell\p{L}*|[Ii]mmer noch|[Nn]och immer|[Nn]ach wie vor|[Mm]ittlerweile|[Ii]nzwischen|nicht mehr|nicht länger|[Ii]mmer (?:häufiger|öfter|mehr|weniger)|[Zz]unehmend\p{L}*|[Nn]euerdings|[Hh]eutzutage|in letzter Zeit|seit kurzem)(?!\p{L})/u,
  en: /\b(?:[Nn]ow|[Cc]urrently|[Cc]urrent|[Rr]ecent(?:ly)?|[Ii]ncreasingly|[Nn]owadays|these days|more and more|at present|at the moment|no longer|any longer|any more|anymore|[Ss]till (?=\p{Ll}+ed\b|be\b|being\b|not\b|no\b))\b|\b(?:are|is|was|were|has|have|had|remains?|can|cannot)\s+still\b/u,
};

/**
 * The description as running text: bullets stripped, whitespace collapsed. A line that does not end a
 * sentence (a heading, a list item without a period) is dropped, so it is never merged into the next
 * paragraph ("…vertraut zu machen Kinder und Jugendliche …").
 */
function descriptionText(description: string): string {
  const lines = (description ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(?:[-–•*·]|\d+[.)])\s+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  return lines.filter((line) => ENDS_SENTENCE.test(line)).join(' ');
}

/**
 * A sentence that speaks to the reader informally or as "we": it clashes with the generator's formal
 * "Sie" and its third person, so it is never quoted; nor is an informal imperative at its start ("Mach mit …"). Lowercase "ihr" is informal only before a verb
 * ("ihr könnt", "ihr seid"); before a noun it is "their" ("ihr Jugendhaus"), which is fine.
 */
const INFORMAL: Record<Language, RegExp> = {
  de: /(?<![\p{L}])(?:du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*|wir|uns|unser\p{L}*|ihr(?=\s+(?:seid|\p{Ll}+t)(?!\p{L})))(?![\p{L}])|^(?:Mach|Macht|Hilf|Helft|Komm|Kommt|Sei|Seid|Schau|Gib|Unterstütze|Werde|Melde|Schreib|Unterschreib)(?![\p{L}])|^(?:Du|Dich|Dir|Dein\p{L}*|Euch|Euer|Eure\p{L}*|Wir|Uns|Unser\p{L}*|Ihr(?=\s+(?:seid|\p{Ll}+t)(?!\p{L})))(?![\p{L}])/u,
  en: /\b(?:we|us|our|ours|ourselves)\b|^(?:We|Our|Us)\b/u,
};

/**
 * The formal "Sie", "Ihnen", "Ihr…" inside a sentence: not its first word (there "Sie" may be "she" or
 * "they"), nor its second after a verb that opens it (the call "Schreiben Sie dem Ministerium …" addresses
 * the reader, as the campaign means it).
 */
const FORMAL_ADDRESS_INSIDE =
  /(?<=^\S+\s+\S.*\s)(?:Sie|Ihnen|Ihre?[mnrs]?)(?!\p{L})|(?<=^(?:Doch|Aber|Und|Denn|Nun|So|Da|Dann)\s+)(?:Sie|Ihnen|Ihre?[mnrs]?)(?!\p{L})|(?<=^\S+\s+)(?:Ihnen|Ihre?[mnrs]?)(?!\p{L})/u;

/** A list mark or a separator inside a sentence ("… Rundschau • Meinungsfreudig."): lines run together, a sentence broken off. */
const BROKEN_OFF = /\s[•·|]\s/u;

/** Every opening parenthesis closed, and none closed that was not opened ("(vgl. … Rundschau." was cut inside one). */
function parenthesesBalance(sentence: string): boolean {
  let depth = 0;
  for (const char of sentence) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The first person singular ("Ich finde …", "I think …"): a private opinion, whoever wrote it. The plural
 * is refused with the informal address above, also where the organisation speaks of its own work ("Wir
 * sammeln …"): a rule cannot tell that from an opinion ("Wir glauben …") or a platform's "we", and the
 * attribution names the campaign's side only by its role. "Meinung" is a noun, not "mein".
 */
const FIRST_PERSON: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:[Ii]ch|[Mm]ich|[Mm]ir|[Mm]ein|[Mm]eine[mnrs]?)(?!\p{L})/u,
  en: /\bI\b(?!\.)|\b(?:me|my|mine|myself)\b|^(?:My|Me)\b/u,
};

/**
 * A sponsor, advertising or navigation line ("Sponsored by …", "Mehr erfahren Sie unter www…", "Read
 * more", "Hier klicken"), or one that carries an address: a page's furniture, not what the cause is.
 */
const SPONSOR_OR_NAVIGATION: Record<Language, RegExp> = {
  de: new RegExp(
    [
      String.raw`(?<!\p{L})(?:gespons[eo]rt\p{L}*|präsentiert von|mit freundlicher Unterstützung)(?!\p{L})`,
      String.raw`(?<!\p{L})(?:hier klicken|klicken Sie|mehr erfahren|erfahren Sie mehr)(?!\p{L})`,
      String.raw`(?<!\p{L})(?:weiterlesen|weiter lesen|mehr lesen|mehr dazu|mehr Infos?|Infos unter|zum Artikel|zur Anmeldung|Newsletter)(?!\p{L})`,
      String.raw`^(?:Anzeige|Werbung|Sponsor\p{L}*)(?!\p{L})|https?:\/\/|www\.`,
    ].join('|'),
    'iu',
  ),
  en: new RegExp(
    [
      String.raw`\b(?:sponsored by|presented by|powered by|brought to you by|click here|read more|learn more|find out more|more info)\b`,
      String.raw`\b(?:sign up|subscribe|follow us|share this|newsletter)\b|^(?:Advertisement|Sponsored|Ad)\b|https?:\/\/|www\.`,
    ].join('|'),
    'iu',
  ),
};

/** A form's or a record's line ("Datum Erstveröffentlichung: 30.03.2023.", "Title: …"): a label, not a sentence. */
const FORM_LABELS = anyOf(String.raw`
  Name Vorname Nachname E-Mail Email Telefon Tel Adresse Anschrift Datum Titel Ort PLZ Betreff Kategorie Status Zeichnungsfrist
  Laufzeit Frist Petent\p{L}* Autor\p{L}* Quelle Stand Date Title Subject Phone Address Category Deadline Author Source Updated?`);
const FORM_LINE = new RegExp(`^(?:${FORM_LABELS})(?!\\p{L})[^:.!?]{0,40}:`, 'iu');

/**
 * Two lines run together: a full stop after a word, then a lower-case word ("Nie wieder Gleichgültigkeit. und
 * dass …"). After an abbreviation ("z. B. die", "bzw. der", "Str. zu", "e.g. the": short, or one of those named)
 * or a figure ("vom 15.08. eines Jahres") a lower-case word is normal.
 */
const JOINED_LINES = /(?<=\p{L}{4})(?<!(?:^|[\s(-])(?:bzw|inkl|evtl|usw|vgl|etc|ggf|approx|Abs))\.\s+\p{Ll}/u;

/**
 * An arrest, a charge, a conviction or a suspicion of someone ("Tommy Robinson was arrested for committing a
 * breach of the peace.", „Er wurde wegen Betrugs verurteilt.“): the Press Code's presumption of innocence
 * (Ziffer 13) is an editor's call, not a quotation in a summary.
 */
const CRIMINAL_CASE: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:verhaftet|festgenommen|verurteilt|angeklagt|beschuldigt|vorgeworfen|mutma(?:ß|ss)lich\p{L}*|angeblich\p{L}*|Straftat\p{L}*|straffällig\p{L}*|Haftstrafe\p{L}*)(?!\p{L})/u,
  en: /\b(?:arrested|convicted|sentenced|charged with|jailed|imprisoned|prosecuted|accused of|allegedly|alleged|guilty of|committ(?:ed|ing) (?:a |an |the )?(?:crime|offence|offense|fraud|breach)|contempt of court)\b/iu,
};

/** A sentence the source cut off ("… und dann …", "and more..."): a teaser's fragment. */
const TRAILING_ELLIPSIS = /(?:…|\.\.\.)["“”»«'’)]*$/u;

/**
 * Awards an organisation claims for itself or its work ("eine mehrfach ausgezeichnete … Organisation",
 * "award-winning"): its own praise, which a summary in the service's voice would state as fact. Such a
 * sentence is never quoted. (Words that may describe anything, "einzigartig", "renowned", are not
 * praise of the organisation by themselves.)
 */
const SELF_PRAISE: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:(?:mehrfach|vielfach|preis)\s*ausgezeichnet\p{L}*|preisgekrönt\p{L}*)(?!\p{L})/iu,
  en: /\b(?:(?:multi-)?award[- ]winning)\b/iu,
};

/**
 * An opening that points back at a sentence the excerpt does not quote ("Das finden Sie in unserem
 * Newsquiz heraus.", "Dass es dafür kein einfaches Rezept gibt, …", "This is why …"): such a sentence
 * may continue an excerpt, never open it.
 */
const DANGLING_WORDS_DE = anyOf(String.raw`
  Dies Diese Dieser Dieses Diesem Diesen Dass Daher Deshalb Deswegen Darum Dafür Dazu Dabei Dadurch Davon Darüber Damit Dort Denn
  Doch Aber Außerdem Zudem Auch Trotzdem Stattdessen Allerdings Jedoch Somit Also Ebenso Hier Hierfür Hierbei Sie Er Ihm Ihn Sein
  Seine[mnrs]? Deren Dessen Jene\p{L}* Damals Danach Dann Solche\p{L}* Seitdem Seither Dementsprechend Infolgedessen Ebendort
  Weiterhin Ferner Zusätzlich Ebenfalls Gleichzeitig Zugleich Andererseits Hingegen Dagegen Vielmehr Folglich Insofern Nämlich
  Des\s+Weiteren Darüber\s+hinaus Nicht\s+zuletzt Zum\s+einen Zum\s+anderen So Nur\s+so Ihr Ihre[mnrs]? Hiermit Hierzu
  Hierdurch Hiervon Hieran Hierauf Hierin Darin Daran Darauf Dafür`);
/** "Es" that stands for nothing ("Es gibt …", "Es fehlen …") points back at nothing either. */
const EXPLETIVE_ES = anyOf('gibt gab geht ging fehlt fehlen fehlte fehlten braucht brauchte bedarf werden wurden handelt');
const DANGLING_WORDS_EN = anyOf(String.raw`
  This That These Those They It He She His Her Him Them Their Its Such However Therefore Thus Hence Also But And So Then Moreover
  Furthermore Instead Here Additionally Nevertheless Nonetheless Consequently Meanwhile Otherwise Likewise Similarly Still Yet
  In\s+addition As\s+a\s+result For\s+this\s+reason`);
const DANGLING: Record<Language, RegExp> = {
  de: new RegExp(String.raw`^(?:Das\s+\p{Ll}+(?<!e)(?!\p{L})|(?:${DANGLING_WORDS_DE})(?!\p{L})|Es(?!\p{L})(?!\s+(?:${EXPLETIVE_ES})(?!\p{L})))`, 'u'),
  en: new RegExp(String.raw`^(?:${DANGLING_WORDS_EN}|There(?!\s+(?:is|are|was|were)\b)|The\s+(?:same|latter|former|above|other)\b)\b`, 'u'),
};

/**
 * A definite person at the start ("Die Schülerin wurde …", "The student was …"): someone the quoted text
 * does not introduce, whom its readers cannot identify (and who may be a private person: Pressekodex 8).
 */
const PERSONS_DE = anyOf(`
  Schüler Schülerin Student Studentin Mann Frau Junge Mädchen Kind Baby Lehrer Lehrerin Täter Täterin Opfer Beamte Beamtin Polizist
  Polizistin Mutter Vater Sohn Tochter Bruder Schwester Witwe Petent Petentin Antragsteller Antragstellerin Verstorbene Angeklagte
  Beschuldigte Patient Patientin Rentner Rentnerin Nachbar Nachbarin`);
const PERSONS_EN = anyOf(`
  student pupil schoolgirl schoolboy boy girl man woman child baby teacher victim officer policeman policewoman mother father son
  daughter brother sister widow petitioner applicant author patient suspect accused defendant deceased pensioner neighbour neighbor`);
const DEFINITE_PERSON: Record<Language, RegExp> = {
  de: new RegExp(String.raw`^(?:Der|Die|Das|Dem|Den|Des)\s+(?:(?:junge|jungen|kleine|kleinen|betroffene|betroffenen)\s+)?(?:${PERSONS_DE})(?!\p{L})`, 'u'),
  en: new RegExp(String.raw`^The\s+(?:(?:young|little|late)\s+)?(?:${PERSONS_EN})\b`, 'u'),
};

/** Words for a time ("in diesem Jahr", "ab diesem Montag", "dieses Schuljahr"): a demonstrative before one points back at nothing. */
const TIME_STEMS = [
  'jahr',
  'monat',
  'woche',
  'tag',
  'zeit',
  'saison',
  'sommer',
  'winter',
  'herbst',
  'frühjahr',
  'frühling',
  'nacht',
  'abend',
  'morgen',
  'januar',
  'februar',
  'märz',
  'april',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'dezember',
  'mittwoch',
]
  .map((stem) => `[${stem[0].toUpperCase()}${stem[0]}]${stem.slice(1)}`)
  .join('|');
/**
 * A connective a few words in ("Die Sache ist aber nicht hoffnungslos.", "The plan, however, …") points
 * back just as much as one at the start, and so does a German demonstrative ("für diesen Zweck"),
 * except in a time ("in diesem Jahr").
 */
const DANGLING_INSIDE: Record<Language, RegExp> = {
  de: new RegExp(
    // a conjunction early ("…, aber"), an adverb that draws on what went before anywhere in the first clause ("… werden somit …")
    `^(?:\\S+\\s+){1,3}(?:(?:aber|doch|dafür|dazu|dabei|davon|darauf|daran|darin|damit|dadurch|darüber|hierfür|hiermit|hierbei)(?![\\p{L}-])|dies(?:e[mnrs]?)?(?![\\p{L}])(?!\\s+\\p{L}*(?:${TIME_STEMS})))` +
      `|^(?:\\S+\\s+){1,9}(?:jedoch|allerdings)(?![\\p{L}-])|^(?:\\S+\\s+){1,6}(?:trotzdem|dennoch|also|deshalb|daher|deswegen|darum|somit|seitdem|ebenfalls|außerdem|zudem|weiterhin|ebenso)(?![\\p{L}-])`,
    'u',
  ),
  en: /^(?:\S+\s+){1,3}(?:however|therefore|thus|hence|nevertheless|nonetheless|also|moreover|furthermore|instead(?!\s+of\b))\b|\ba further\b/u,
};

/**
 * A personal or possessive pronoun a word or two into the opening ("Ohne sie kommen viele …", "Without
 * them, …"): its referent is in a sentence that is not quoted. Lower case only: "Ihre Spende" is formal.
 */
const PRONOUN_EARLY: Record<Language, RegExp> = {
  // also "es" after the verb in second place ("Seit dem 21. Juli ist es offiziell."), unless it stands for nothing ("Hier gibt es …")
  de: new RegExp(
    String.raw`^(?:\p{L}+,?\s+){1,2}(?:sie|er|ihn|ihm|ihnen|ihr|ihre[mnrs]?|sein|seine[mnrs]?|deren|dessen)(?!\p{L})` +
      String.raw`|^(?:\S+\s+){1,5}(?:ist|war|wird|wurde|bleibt)\s+es(?!\p{L})`,
    'u',
  ),
  en: /^(?:\p{L}+,?\s+){1,2}(?:he|she|they|him|her|them|his|their|its|it)\b/u,
};

/** What a demonstrative may name without pointing back: the cause itself ("diese Petition", "this fundraiser"). */
const SELF_REFERENCE_DE = 'Petition|Projekt|Spendenaktion|Aktion|Briefaktion|Kampagne|Aufruf|Brief|Spendenaufruf';
/**
 * A demonstrative anywhere in an opening ("Hilfe für diese anderen Gruppen …", "Support for these other
 * groups …"): it points at text that is not quoted, unless it names a time or the cause itself.
 */
const DEMONSTRATIVE: Record<Language, RegExp> = {
  de: new RegExp(`(?<!\\p{L})dies(?:e[mnrs]?)?(?!\\p{L})(?!\\s+\\p{L}*(?:${TIME_STEMS}|${SELF_REFERENCE_DE}))`, 'u'),
  en: /\b(?:this|these|those)\b(?!\s+(?:petition|project|fundraiser|campaign|appeal|letter|year|month|week|season|summer|winter|spring|autumn)\b)/iu,
};

export interface ExcerptOptions {
  /**
   * true when the description may be years old: nothing says the action is open now (no open status, no
   * deadline ahead; a feed item's text is not dated here). Only one sentence is quoted then, and only one
   * that is true whenever it was written (stricter rules: standsAloneUndated).
   */
  mayBeOld?: boolean;
  /**
   * true when no deadline ahead dates the description (an open status alone does not say when it was
   * written): a sentence with words that read as the reader's day (READS_AS_TODAY) is not quoted.
   */
  noDeadline?: boolean;
}

/**
 * Words that tie a sentence to the day it was written ("derzeit", "bald", "bisher", "im September", "bis
 * 1.9.", "Anfang Mai"): true then, perhaps false now. A month or a day without a year counts; with one
 * ("im September 2022") the sentence is dated.
 */
const MONTHS_DE = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember';
const MONTHS_EN = 'January|February|March|April|May|June|July|August|September|October|November|December';
const TIME_BOUND: Record<Language, RegExp> = {
  de: new RegExp(
    [
      String.raw`(?<!\p{L})(?:jetzt|nun|derzeit|zurzeit|momentan|aktuell\p{L}*|inzwischen|mittlerweile|vorerst|bald|bisher|bislang|demnächst|neuerdings|kürzlich|jüngst|soeben|zuletzt|kommende\p{L}*|noch\s+nicht|nicht\s+mehr|nur\s+noch|für\s+kurze\s+Zeit|am\s+Wochenende|in\s+wenigen\s+(?:Tagen|Wochen|Monaten)|vor\s+(?:\p{L}+\s+)?(?:Tagen|Wochen|Monaten|Jahren)|seit\s+(?:über\s+|mehr\s+als\s+)?(?:einem|einer|wenigen|einigen|\d+)\s+\p{L}+)(?!\p{L})`,
      String.raw`(?<!\p{L})am\s+(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)(?!\p{L})(?!\s*,?\s*(?:den\s+)?\d)`,
      String.raw`(?<!\p{L})(?:dies|nächst|vergangen|letzt)\p{L}*\s+(?:Jahr|Monat|Woche|Sommer|Herbst|Winter|Frühjahr|Saison)`,
      String.raw`(?<!\p{L})(?:im|ab|bis|seit|Anfang|Mitte|Ende|vom|zum)\s+(?:(?:Anfang|Mitte|Ende)\s+)?(?:${MONTHS_DE})(?!\p{L})(?!\s+\d{4})`,
      String.raw`(?<!\p{L})im\s+(?:Frühjahr|Sommer|Herbst|Winter|ersten\s+Halbjahr|zweiten\s+Halbjahr)(?!\p{L})(?!\s+\d{4})`,
      String.raw`(?<![\d.])\d{1,2}\.\s?\d{1,2}\.(?!\s?\d)`,
    ].join('|'),
    'iu',
  ),
  en: new RegExp(
    [
      String.raw`\b(?:now|currently|at present|at the moment|recently|soon|so far|to date|no longer|not yet|for a (?:short|limited) time|this (?:year|month|season)|next (?:year|month)|last (?:year|month)|in a few (?:days|weeks)|this weekend)\b`,
      String.raw`\b(?:in|by|from|until|since|early|mid|late)\s+(?:${MONTHS_EN})\b(?!\s+\d{4})`,
      String.raw`\b(?:on|this|next|last)\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?!,?\s+\d)`,
    ].join('|'),
    'iu',
  ),
};

/**
 * A year that a sentence speaks of as still ahead or current ("wird 2023 in Katar ausgerichtet", "soll bis
 * Anfang 2024 sinken", "Im Oktober 2022 stehen … auf dem Programm"): any sentence with a year but no verb
 * of the past ("wurde 2011 gegründet", "began operations in March 2011"), whose year stays true.
 */
const YEAR = /(?<![\d.,])(?:19|20)\d{2}(?![\d.,]\d|\p{L})/u;
const PAST: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:war|waren|wurde|wurden|hatte|hatten|gab|begann|begannen|entstand|entstanden|gegründet|eröffnet|gestartet)(?!\p{L})/iu,
  en: /\b(?:was|were|had|began|\p{L}+ed)\b/iu,
};
const datedAhead = (sentence: string, lang: Language) => YEAR.test(sentence) && !PAST[lang].test(sentence);
/** True when the sentence is tied to the day it was written, or to a year it speaks of as ahead. */
const dated = (sentence: string, lang: Language) => TIME_BOUND[lang].test(sentence) || datedAhead(sentence, lang);

/** A demonstrative or a pronominal adverb anywhere ("… diesen Jugendlichen …", "… hat dabei …"): it points at text not quoted. */
const POINTS_BACK: Record<Language, RegExp> = {
  de: /(?<!\p{L})(?:[Dd]ies(?:e[mnrs]?)?|[Dd]abei|[Dd]avon|[Dd]arauf|[Dd]arin|[Dd]aran|[Dd]ahinter|[Dd]anach|[Dd]azu|dann|aber|[Ss]olche\p{L}*|im Überblick|^Da|^Um das)(?!\p{L})/u,
  en: /\b(?:[Tt]his|[Tt]hese|[Tt]hose|[Ss]uch)\b/u,
};

/**
 * A subordinate clause standing alone ("Wie man Microsofts Office-Paket datenschutzfreundlich einsetzt.",
 * "How to set up GitLab."): a teaser's fragment, whose main clause is the headline. With a comma, the
 * main clause may follow ("Wer mitmachen möchte, findet …").
 */
const LONE_CLAUSE: Record<Language, RegExp> = {
  de: /^(?:Wie|Wer|Was|Warum|Weshalb|Wieso|Wann|Wo|Wohin|Woher|Ob|Weil|Wenn|Obwohl|Während|Nachdem|Bevor|Sobald|Falls)(?!\p{L})[^,;]*$/u,
  en: /^(?:How|Why|What|When|Where|Whether|Because|If|Although|While)\b[^,;]*$/u,
};

/**
 * A sentence with no main clause: an aim in the infinitive ("To reduce the waiting lists."), a participle
 * or a gerund ("Seeking justice for the victims.", "Building a strong foundation.."), a pronoun or an
 * article before a relative clause ("Eine, die …", "One that …"). A headline's or a list's line, not a
 * statement. In English, an infinitive or a participle opens a whole sentence only with an auxiliary or
 * a modal after it ("To have staff dismissed is a violation …"); a sentence with a main verb but neither
 * is refused too, which only costs a quotation.
 */
const EN_AUXILIARY = /\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|shall|should|must|may|might|do|does|did|need|needs)\b/u;
const NO_MAIN_CLAUSE: Record<Language, (sentence: string) => boolean> = {
  de: (s) =>
    /^(?:Eine?[rs]?|Der|Die|Das|Diejenige[n]?|Derjenige|Dasjenige|Jene[rs]?|Alle|Etwas|Jemand)\s*,\s*(?:der|die|das|den|dem|deren|dessen|welche[rs]?|wo|was)(?!\p{L})/u.test(
      s,
    ),
  en: (s) =>
    (/^(?:To\s+\p{Ll}+|\p{Lu}\p{Ll}+ing)\b/u.test(s) && !EN_AUXILIARY.test(s)) ||
    /^(?:One|Someone|Anyone|Those|Something)\s*,?\s+(?:who|that|which)\b/u.test(s),
};

/** German finite verbs that end unlike most (-t, -st, -e, -en, -ern, -eln): irregular present and past forms. */
const IRREGULAR_FINITE = new Set(
  [
    'ist sind war waren hat hatte hatten wird wurde wurden kann konnte muss musste soll sollte will wollte darf mag gibt gab gilt galt',
    'kam bekam lag sah ging fing hing fand verschwand entstand stand verstand bat bot verbot schlug trug wuchs fiel hielt tat',
    'nahm blieb hieß ließ verließ rief schrieb stieg zog bezog fuhr sprach traf warf half starb lief las aß saß',
    'begann gewann sank sang sprang verlor entschied schien erschien wies stieß lud sei wäre hätte',
  ]
    .join(' ')
    .split(' '),
);
/** Endings of finite verbs: -t and -st always ("sammelt", "fließt"); the others also end adjectives. */
const FINITE_ENDING = /(?:t|st)$/u;
const FINITE_OR_ADJECTIVE_ENDING = /(?:e|en|ern|eln)$/u;
const capitalised = (word: string | undefined) => word !== undefined && /^\p{Lu}/u.test(word);

/**
 * True when a German sentence has a word that may be its finite verb: an irregular form; a lower-case
 * word that is not a function word and ends in -t or -st; or one that ends in -e, -en, -ern or -eln,
 * unless it stands between a lower-case word and a noun, where it is an adjective ("der schärfsten
 * Kritikerinnen", "einer verstärkten Konzentration"; after a noun it is a verb: "In der Generation sitzen
 * Intels Prozessoren"). A sentence without ("Alles für lau, alles ziemlich super.", "Meredith Whittaker,
 * Mitbegründerin des AI Now Institute, im Interview mit …") is a teaser's fragment. Generous on purpose:
 * only a sentence with no such word at all is refused.
 */
function mayHaveFiniteVerb(sentence: string): boolean {
  const words = sentence.match(/\p{L}+/gu) ?? [];
  return words.some((word, i) => {
    if (capitalised(word)) return false;
    if (IRREGULAR_FINITE.has(word)) return true;
    if (FUNCTION_WORDS.de.has(word)) return false;
    if (FINITE_ENDING.test(word)) return true;
    const attributive = capitalised(words[i + 1]) && !capitalised(words[i - 1]);
    return FINITE_OR_ADJECTIVE_ENDING.test(word) && !attributive;
  });
}

/**
 * Stricter rules for a sentence quoted from a description that may be old (ExcerptOptions.mayBeOld; the
 * only sentence quoted then, so it also passed the opening's rules, which refuse an exclamation: "Hier
 * gibt's Bier!"; and excerpt() stops at a sentence tied to the day it was written or speaking of a year
 * as ahead, `dated`; and a fragment, QUOTE_RULES): no advertising ("Rabatt") or formal imperative
 * ("Lernen Sie …"), at least six words, and in the text's language (a German feed quotes
 * English lines: "Imminent Death Of The Net Predicted"; one with several of the other language's
 * function words and none of its own is the other language's).
 */
function standsAloneUndated(sentence: string, lang: Language): boolean {
  if (lang === 'de' && (/(?<!\p{L})Rabatt/u.test(sentence) || /^\p{Lu}\p{Ll}+en\s+Sie(?!\p{L})/u.test(sentence))) return false;
  if (sentence.split(/\s+/).length < 6) return false;
  if (POINTS_BACK[lang].test(sentence)) return false;
  // a teaser around a colon ("Das Versprechen: …", "Statt SEO: …") and an undated price or offer
  if (/\p{L}:\s/u.test(sentence) || /\d\s?(?:€|Euro|Dollar|US-Dollar)(?!\p{L})|\$\s?\d/u.test(sentence)) return false;
  const { own, other } = functionWordCounts(sentence, lang);
  return !(own === 0 && other >= 2);
}

/** An excerpt starts at one of the first five sentences. */
const MAX_START = 5;
/**
 * Recent descriptions' opening sentences (`all`: the description has no more): the import reads a
 * cause's, then its summaries in both languages and their check read it again.
 */
const openings = new Map<string, { sentences: string[]; all: boolean }>();
const OPENINGS_KEPT = 600;

/** The first `count` sentences of the description that end like one, read only as far as needed. */
function openingSentences(description: string, count: number): string[] {
  const kept = openings.get(description);
  if (kept && (kept.all || kept.sentences.length >= count)) return kept.sentences.slice(0, count);
  const sentences: string[] = [];
  let all = true;
  for (const { text } of splitSentences(descriptionText(description))) {
    if (!ENDS_SENTENCE.test(text)) continue;
    if (sentences.length === count) {
      all = false;
      break;
    }
    sentences.push(text);
  }
  if (openings.size >= OPENINGS_KEPT) openings.delete(openings.keys().next().value!);
  openings.set(description, { sentences, all });
  return sentences;
}

/** Where a sentence stands in the quotation: its opening, or a sentence after the opening (which may lean on it). */
export type QuotePosition = 'opening' | 'continuation';

interface QuoteRule {
  /** the refusal's name, as tests and an editor read it */
  name: string;
  /** true when the rule refuses the sentence */
  refuses: (sentence: string, lang: Language) => boolean;
  /** 'opening': only a quotation's first sentence is held to it (a later one may point back at it) */
  only?: QuotePosition;
}

/**
 * Every rule a sentence of the description must pass to be quoted, in one place. A quotation is the
 * source's words, marked and attributed; it must still stand on its own: a reader sees nothing of the
 * description but the quoted sentences.
 */
const QUOTE_RULES: QuoteRule[] = [
  { name: 'ends with a colon (a heading)', refuses: (s) => s.endsWith(':') },
  { name: 'speaks informally or as "we"', refuses: (s, lang) => INFORMAL[lang].test(s) },
  { name: 'speaks in the first person', refuses: (s, lang) => FIRST_PERSON[lang].test(s) },
  { name: 'time relative to a day it does not give', refuses: (s, lang) => RELATIVE_TIME[lang].test(s) },
  { name: 'praise of the organisation', refuses: (s, lang) => SELF_PRAISE[lang].test(s) },
  { name: 'a sponsor, advertising or navigation line', refuses: (s, lang) => SPONSOR_OR_NAVIGATION[lang].test(s) },
  // an account, an address, a number to call, a payment channel, or "give directly, not on the platform"
  // (contact-details.ts): a quotation is published as the source's word, and a hostile source's words may
  // send the reader's money elsewhere
  { name: 'contact or payment details', refuses: (s) => hasContactDetails(s) || offPlatformInstruction(s) !== null },
  { name: 'a form line', refuses: (s) => FORM_LINE.test(s) },
  { name: 'a criminal case', refuses: (s, lang) => CRIMINAL_CASE[lang].test(s) },
  { name: 'cut off by the source', refuses: (s) => TRAILING_ELLIPSIS.test(s) || BROKEN_OFF.test(s) || !parenthesesBalance(s) },
  // "…, doch Sie blockieren …": the formal "Sie" inside a sentence addresses someone (a minister, a mayor)
  // the quotation does not name; a reader takes it as addressed to them
  { name: 'addresses someone it does not name', refuses: (s, lang) => lang === 'de' && FORMAL_ADDRESS_INSIDE.test(s) },
  // a subordinate clause alone, or (German) no word that can be the finite verb
  // a subordinate clause alone, no main clause, a line that starts in lower case (a list's or a paragraph's
  // continuation: "… Gleichgültigkeit. und dass …"), or (German) no word that can be the finite verb
  {
    name: 'a fragment',
    refuses: (s, lang) =>
      LONE_CLAUSE[lang].test(s) || NO_MAIN_CLAUSE[lang](s) || /^\p{Ll}/u.test(s) || JOINED_LINES.test(s) || (lang === 'de' && !mayHaveFiniteVerb(s)),
  },
  // An opening question ("Worum geht es?") says little on its own; nor does an exclamation ("… benötigen
  // dringend Hilfe!"), a cry for help in the source's voice
  { name: 'a question or an exclamation', refuses: (s) => /[?!]["“”»«'’)]*$/u.test(s), only: 'opening' },
  // an editor would spell a figure out or recast the sentence ("89 Prozent der …")
  { name: 'opens with a figure', refuses: (s) => /^\d/u.test(s), only: 'opening' },
  // a sentence of a few words ("Spende 5€.") says too little
  { name: 'fewer than four words', refuses: (s) => s.split(/\s+/).length < 4, only: 'opening' },
  {
    name: 'points back at text it does not quote',
    refuses: (s, lang) => DANGLING[lang].test(s) || DANGLING_INSIDE[lang].test(s) || DEMONSTRATIVE[lang].test(s) || PRONOUN_EARLY[lang].test(s),
    only: 'opening',
  },
  { name: 'a person it does not introduce', refuses: (s, lang) => DEFINITE_PERSON[lang].test(s), only: 'opening' },
];

/**
 * Why the sentence cannot be quoted at this place of a quotation, or null when it can. `mayBeOld`: the
 * description may be years old, and stricter rules apply (standsAloneUndated).
 */
export function whyNotQuotable(sentence: string, lang: Language, position: QuotePosition, options: ExcerptOptions = {}): string | null {
  for (const rule of QUOTE_RULES) {
    if ((!rule.only || rule.only === position) && rule.refuses(sentence, lang)) return rule.name;
  }
  if (options.mayBeOld && !standsAloneUndated(sentence, lang)) return 'not true whenever it was written, or a teaser';
  if ((options.mayBeOld || options.noDeadline) && READS_AS_TODAY[lang].test(sentence)) return 'reads as today, and nothing dates it';
  return null;
}

/**
 * Whole sentences of the description, at most `max` characters and `maxSentences` sentences, starting
 * at the first sentence that can open a quotation (whyNotQuotable); '' when none fits (a sentence is
 * never cut).
 */
export function excerpt(description: string, max: number, maxSentences: number, lang: Language, options: ExcerptOptions = {}): string {
  if (max < 40 || maxSentences < 1) return '';
  const undated = options.mayBeOld === true;
  if (undated) maxSentences = 1;
  const sentences = openingSentences(description, MAX_START + maxSentences - 1);
  for (let start = 0; start < Math.min(sentences.length, MAX_START); start++) {
    // In a description that may be old, what follows a dated sentence goes on in its time ("Dann soll …",
    // "Eigene Alternativen bietet das Unternehmen nicht an."): nothing after it is quoted.
    if (undated && dated(sentences[start], lang)) return '';
    if (sentences[start].length > max || whyNotQuotable(sentences[start], lang, 'opening', options)) continue;
    let text = sentences[start];
    for (const sentence of sentences.slice(start + 1, start + maxSentences)) {
      const candidate = `${text} ${sentence}`;
      if (candidate.length > max || whyNotQuotable(sentence, lang, 'continuation', options)) break;
      text = candidate;
    }
    return text;
  }
  return '';
}
