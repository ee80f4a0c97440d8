// The words the review screens (screens.ts) look for that are an editorial decision, not a mechanism: the
// policy list of exclusionary vocabulary, and how this service reads the lexicon it takes its slurs and
// swearing from. An editor tunes this file; screens.ts only turns it into patterns.
//
// The lexicon is naughty-words (the List of Dirty, Naughty, Obscene and Otherwise Bad Words, CC BY 4.0,
// Shutterstock and contributors). It was written to keep sexual content out of an image search's
// suggestions, so it mixes slurs, swearing and words for subjects a civic action may well be about
// (sexual violence, sexual health, anatomy). It does not tell them apart; the two lists below do.

/**
 * Lexicon entries that are slurs against people for their origin, colour, religion, sexuality or
 * disability: a `hateful` flag, not `profanity`. Every entry is one of the lexicon's own (a test checks).
 */
export const LEXICON_SLURS: readonly string[] = [
  // de: racist, homophobic
  'kanake',
  'neger',
  'nigger',
  'bimbo',
  'schwuchtel',
  'kampflesbe',
  'analritter',
  'arschficker',
  // en: racist
  'beaner',
  'beaners',
  'coon',
  'coons',
  'darkie',
  'honkey',
  'jigaboo',
  'jiggaboo',
  'jiggerboo',
  'kike',
  'negro',
  'nig nog',
  'nigga',
  'paki',
  'pikey',
  'raghead',
  'slanteye',
  'spic',
  'towelhead',
  'wetback',
  'white power',
  // en: homophobic, transphobic, ableist
  'bulldyke',
  'carpet muncher',
  'carpetmuncher',
  'fag',
  'faggot',
  'fudge packer',
  'fudgepacker',
  'poof',
  'shemale',
  'tranny',
  'mong',
];

/**
 * Lexicon entries that are not flagged at all: words for a subject a civic action may be about, ordinary
 * words of German or English that the lexicon lists for one sense, and names. Each line says why.
 */
export const LEXICON_NOT_SWEARING: readonly string[] = [
  // de: ordinary words ("nackt"; "Mufti" is a religious title; "Möpse" are pugs, "Muschi" a name for a cat;
  // "Vögeln" is the dative plural of "Vogel"; "Rosette" a rose window; "Kimme" a gun sight; "Nippel" a grease
  // nipple; a "Schabracke" a saddle cloth; "es hat geschnackelt"; Schiesser a maker of underwear), and anatomy and sexual health
  'nackt',
  'mufti',
  'möpse',
  'muschi',
  'vögeln',
  'rosette',
  'kimme',
  'nippel',
  'schabracke',
  'schnackeln',
  'schiesser',
  'fratze',
  'popel',
  'pinkeln',
  'lümmel',
  'penis',
  'orgasmus',
  'porno',
  // en: sexual violence and child protection are subjects of petitions (upskirting became an offence in
  // Germany after one); sexual health, sexuality and anatomy (FGM campaigns, LGBTQ rights, sodomy laws)
  'rape',
  'raping',
  'rapist',
  'date rape',
  'daterape',
  'incest',
  'paedophile',
  'pedophile',
  'grope',
  'upskirt',
  'voyeur',
  'porn',
  'pornography',
  'sex',
  'sexual',
  'sexually',
  'sexuality',
  'sexo',
  'gay sex',
  'sodomy',
  'intercourse',
  'genitals',
  'vagina',
  'vulva',
  'clitoris',
  'anus',
  'anal',
  'rectum',
  'semen',
  'nipple',
  'nipples',
  'nude',
  'nudity',
  'topless',
  'undressing',
  'erotic',
  'erotism',
  'escort',
  'eunuch',
  'bestiality',
  'beastiality',
  'zoophilia',
  'fecal',
  'viagra',
  'cialis',
  'playboy',
  'lolita',
  'panties',
  'panty',
  // en: torture methods named in human-rights campaigns; the vocabulary of campaigns against the far right
  'bastinado',
  'strappado',
  'swastika',
  'neonazi',
  // en: ordinary English (a ball kicked, costs snowballing, a price pegged, skeet and shrimping, cornhole the
  // lawn game, a rugby hooker, a spastic paralysis, "barely legal", "tied up", …)
  'suck',
  'snatch',
  'domination',
  'fingering',
  'snowballing',
  'pegging',
  'skeet',
  'shrimping',
  'cornhole',
  'hooker',
  'spastic',
  'scat',
  'barely legal',
  'bareback',
  'tied up',
  'ball kicking',
  'girl on',
  'girl on top',
  'taste my',
  'tongue in a',
  'tight white',
  'big black',
  'huge fat',
  'hot chick',
  'make me come',
  'how to kill',
  'how to murder',
  'jelly donut',
  'twink',
  'twinkie',
  'hardcore',
  'hard core',
  'deep throat',
  'tainted love',
  'alaskan pipeline',
  'santorum',
  'xx',
  'xxx',
  // en entries that are German words: "dick" (thick), "Butt" (a flounder), "BBW" (a Berufsbildungswerk); Latin "cum laude"
  'dick',
  'butt',
  'bbw',
  'cum',
];

/**
 * Phrases in which a lexicon entry is innocent: masked out before the lexicon is matched. Regular
 * expression sources, matched case-insensitively.
 */
export const INNOCENT_PHRASES: readonly string[] = [
  'maine coons?', // a breed of cat
  'rio negro', // a river of the Amazon basin
  'pussy riot', // the Russian activists
  '(?:blue|great|coal) tits?', // birds
];

/**
 * Editorial policy (editorial-standards.md, Press Code Ziffer 12): the vocabulary of exclusionary movements
 * and calls to exclude people by religion, origin or ethnicity. A `hateful` flag wherever it stands, also
 * in a text that argues against it: the editor reads which. Regular expression sources, matched
 * case-insensitively at word boundaries; `GROUP_DE`/`GROUP_EN` stand for the groups below.
 */
export const EXCLUSION_TERMS: readonly string[] = [
  // named in editorial-standards.md; "white genocide" is the white-supremacist conspiracy narrative
  'white genocide',
  // editorial-standards.md; "Umvolkung" is the Nazi-era word the far right took up again, with its compounds
  'umvolkung\\p{L}*',
  'bev(?:ö|oe)lkerungsaustausch\\p{L}*',
  // Renaud Camus' "grand remplacement" (2011) and its German name, "der Große Austausch"
  'great replacement',
  'gro(?:ß|ss)(?:e|er|en|em)? austausch(?:e?s)?',
  // the Identitarian movement's programme of expulsions; German "Unwort des Jahres" 2023
  'remigration\\p{L}*',
  // "Unwort des Jahres" 1993; a slogan of the NPD's
  '(?:ü|ue)berfremdung\\p{L}*',
  'deutschland den deutschen',
  // migration as a flood or an invasion, a people made a minority in its own country
  '(?:massenzustrom|asylflut|flüchtlingsflut|migrantenflut|flüchtlingsmassen|migrantenmassen|flüchtlingswelle)\\p{L}*',
  '(?:invasion|flood|influx|swarms?|hordes?) of (?:\\p{L}+ ){0,2}?GROUP_EN',
  'minderheit im eigenen land\\p{L}*',
  '(?:zur|zu einer) minderheit (?:im eigenen land|in deutschland)',
  '(?:become|becoming) a minority in (?:our|their) own country',
  'human dustbin',
  // editorial-standards.md: "Ausländer raus", "Muslime abschieben", "ban Muslims": a group, then a call to
  // remove it (not after "keine"/"nicht": "keine Geflüchteten abschieben" asks the opposite)
  '(?<!(?:keine|nicht|niemals)\\s+)(?:alle\\s+)?GROUP_DE\\s+(?:raus|abschieben|ausweisen|ausschaffen|ausbürgern|rauswerfen|verbieten|loswerden)',
  '(?:abschiebung|ausweisung|vertreibung)\\s+aller\\s+GROUP_DE',
  "(?<!(?:don't|do not|never|not|stop)\\s+)(?:ban|deport|expel|kick out|send back|get rid of)\\s+(?:all\\s+)?(?:the\\s+)?GROUP_EN",
  // the same against a group's places and practices ("Stoppt die Flüchtlingsunterkunft", "prohibit the building of
  // mosques", "Gegenpetition zum Gebetsruf"): exclusion by religion or origin, whatever the wording of the demand
  '(?:stopp?t?|verhindert|verbietet|verbot\\p{L}*|keine?n?|nein zu[mr]?|gegenpetition\\p{L}*|gegen (?:den|die) (?:bau|errichtung|neubau))[\\s:,]+(?:\\p{L}+[\\s:,]+){0,4}?PLACES_DE',
  'PLACES_DE(?:\\s+\\p{L}+){0,3}?\\s+(?:verbieten|stoppen|verhindern|untersagen)',
  '(?:ban|prohibit|stop|halt|block|no more|oppose)\\s+(?:\\p{L}+\\s+){0,4}?PLACES_EN',
  // a group described by its origin or religion as such ("Männer aus muslimischen Herkunftsländern"), and
  // deportation by birthplace ("deport all foreign-born …")
  '(?:aus|from)\\s+(?:\\p{L}+\\s+){0,2}?(?:muslimischen|islamischen|arabischen|afrikanischen|muslim|islamic|arab|african)\\s+' +
    '(?:herkunftsl(?:ä|ae)ndern|l(?:ä|ae)ndern|staaten|countries|states)',
  '(?:deport|expel|remove)\\s+(?:all\\s+)?(?:foreign[- ]born|non-citizens|dual nationals)',
  // crime ascribed to a group as such ("Flüchtlingsunterkünfte bringen Kriminalität", "migrants bring crime")
  '(?:GROUP_DE|PLACES_DE)(?:[\\s,]+\\p{L}+){0,6}?[\\s,]+(?:kriminalit(?:ä|ae)t|kriminelle|straftaten|vergewaltigungen)',
  '(?:GROUP_EN|PLACES_EN)(?:[\\s,]+\\p{L}+){0,6}?[\\s,]+(?:crime|criminals|rapists|terrorism)',
];

/** Religions and origins as the calls to exclude name them, with their inflected forms. */
export const GROUP_DE =
  '(?:muslim(?:e|en|innen)?|moslems?|juden|jüdinnen|islam|ausländer(?:n|innen)?|migrant(?:en|innen)|flüchtlinge?n?|geflüchteten?|' +
  'asylanten|asylbewerber(?:n|innen)?|türken|araber(?:n)?|afrikaner(?:n)?|roma|sinti|zigeuner(?:n)?)';
export const GROUP_EN = '(?:muslims|jews|islam|immigrants|migrants|refugees|foreigners|asylum seekers|mexicans|arabs|africans|roma|gypsies)';

/** A religion's or a refugee group's places and practices, as calls to ban or stop them name them. */
export const PLACES_DE =
  '(?:moschee\\p{L}*|minarett\\p{L}*|synagoge\\p{L}*|gebetsruf\\p{L}*|muezzin\\p{L}*|flüchtlingsunterk(?:u|ü)nft\\p{L}*|flüchtlingsheim\\p{L}*|' +
  'asyl(?:bewerber)?heim\\p{L}*|asylunterk(?:u|ü)nft\\p{L}*|erstaufnahme\\p{L}*|' +
  // a religion's practices: its food, its slaughter, its dress
  'halal\\p{L}*|koscher\\p{L}*|schächt\\p{L}*|burk?a\\p{L}*|burqa\\p{L}*|niqab\\p{L}*|vollverschleierung\\p{L}*|kopftu(?:ch|ches|chs|ücher)\\p{L}*)';
export const PLACES_EN =
  '(?:mosques?|minarets?|synagogues?|(?:the )?call to prayer|refugee (?:centres?|centers?|camps?|housing|homes?|hostels?)|asylum (?:centres?|centers?|hotels?|housing)|' +
  'halal\\p{L}*|kosher|shechita|ritual slaughter|religious slaughter|burk?as?|burqas?|niqabs?|full[- ]face veils?|headscarf|headscarves|hijabs?)';

/**
 * Conspiracy narratives and the comparison of today's measures with the Nazi persecution: what fact-checkers
 * refute and the Press Code's duty of care (Ziffer 2) keeps from being passed on as a civic action.
 */
export const CONSPIRACY_TERMS: readonly string[] = [
  'chemtrails?\\p{L}*',
  'haarp',
  'plandemi\\p{L}*',
  'impfgenozid\\p{L}*',
  'new world order',
  'neue weltordnung',
  'great reset',
  'deep state',
  'brd[- ]gmbh',
  'besatzungsrecht\\p{L}*',
  'reichsbürger\\p{L}*',
  'gesundheitsdiktatur\\p{L}*',
  'corona-?diktatur\\p{L}*',
  'l(?:ü|ue)genpresse',
  'systemmedien',
  'volksverr(?:ä|ae)t\\p{L}*',
  'ariernachweis\\p{L}*',
  'aryan certificates?',
  'judenstern\\p{L}*',
  'yellow stars? of david',
  'erm(?:ä|ae)chtigungsgesetz\\p{L}*',
  // "globalists" as the hidden hand behind a nation's decline (the narrative's code word for a group)
  'globalist\\p{L}*',
  // the "15-minute city" and "climate lockdown" narratives: a planning idea told as a plan to confine people
  // (the idea itself, without the confinement it is said to hide, is no narrative)
  '15[- ]minutes?[- ]cit(?:y|ies)(?=[\\s\\S]{0,3000}?(?:lockdown|freedom of movement|fined|surveillance|prison|ghetto))',
  '15-minuten-st(?:a|ä|ae)dt(?:e|en)?(?=[\\s\\S]{0,3000}?(?:lockdown|bewegungsfreiheit|(?:ü|ue)berwachung|eingesperrt|ghetto|bußgeld))',
  'climate lockdowns?',
  'klima-?lockdown\\p{L}*',
  // a cause insinuated, not shown: the narrative's signature ("It's surely no coincidence that …")
  '(?:surely|certainly|it\\W?s|is) no coincidence',
  '(?:ist|sei) (?:sicher(?:lich)? |wohl |doch )?kein zufall',
];

/**
 * Misconduct alleged or insinuated (collusion, a cover-up, a rigged match, evidence made up): about a named
 * person or body it is an allegation the service must not pass on in its own voice.
 */
export const MISCONDUCT_TERMS: readonly string[] = [
  'collu(?:sion|ded?|ding)',
  'cover[- ]?ups?',
  'covered up',
  'rigged',
  '(?:manufactur|fabricat)(?:e|ed|ing) (?:the )?evidence',
  'match[- ]fixing',
  'vertusch\\p{L}*',
  'schiebung\\p{L}*',
  'spiele (?:ge|ver)schoben',
  'manipuliert(?:e|en|er|es)? (?:spiele?|wahl\\p{L}*|ergebnisse?)',
  'liegt der verdacht nahe',
  'der verdacht liegt nahe',
  'drängt sich der verdacht auf',
  'parteiisch\\p{L}*',
  'befangen(?:e|en|er|es|heit)?',
  'biased against',
  // dishonesty and war crimes alleged of someone ("blatant lies", "Impeach … for War Crimes")
  '(?:blatant|outright|barefaced|deliberate)\\s+lies',
  '(?:told|tells|telling)\\s+(?:\\p{L}+\\s+)?lies',
  'liars?',
  'l(?:ü|ue)gner(?:in|innen|n|s)?',
  '(?:gelogen|belogen|l(?:ü|ue)gt)',
  'war crimes?',
  'kriegsverbrech\\p{L}*',
];

/** Said of a petition that is not meant seriously ("Satire" is not: petitions about satire shows name it). */
export const NOT_SERIOUS_TERMS: readonly string[] = [
  'scherzpetition\\p{L}*',
  'spaßpetition\\p{L}*',
  'aus spa(?:ß|ss)',
  'nur ein scherz',
  // an appeal to the readers' humour, not to their judgement
  '(?:alle|jeden),? die noch lachen k(?:ö|oe)nn\\p{L}*',
  '(?:euren|ihren|deinen) humor',
  'your sense of humou?r',
  'just for fun',
  'for a laugh',
  'joke petition',
  'this is a joke',
];

/**
 * Subjects the Press Code asks particular care for, whichever side a text takes: a `sensitive` flag says only
 * where an editor should read closely (a petition for a refugee shelter is flagged like one against it). Regular
 * expression sources, matched case-insensitively at word boundaries.
 */
export const SENSITIVE_SUBJECTS: readonly { subject: string; terms: readonly string[] }[] = [
  {
    // Ziffer 12: a group described by its religion, origin or ethnicity, or by its sexuality
    subject: 'religion, origin, migration or sexuality (Press Code, Ziffer 12)',
    terms: [
      'islam\\p{L}*',
      'muslim\\p{L}*',
      'moslem\\p{L}*',
      'sharia',
      'scharia',
      'salafi\\p{L}*',
      'koran\\p{L}*',
      'quran',
      'jüdisch\\p{L}*',
      'judentum\\p{L}*',
      'jews',
      'jewish',
      'antisemit\\p{L}*',
      'moschee\\p{L}*',
      'mosques?',
      'synagog\\p{L}*',
      'asyl\\p{L}*',
      'asylum',
      'fl(?:ü|ue)chtling\\p{L}*',
      'gefl(?:ü|ue)chtete\\p{L}*',
      'refugees?',
      'migrant\\p{L}*',
      'migration\\p{L}*',
      'immigra\\p{L}*',
      'einwander\\p{L}*',
      'zuwander\\p{L}*',
      'ausl(?:ä|ae)nder\\p{L}*',
      'foreigners?',
      'foreign nationals?',
      'abschieb\\p{L}*',
      'deport\\p{L}*',
      'ethni\\p{L}*',
      'rassis\\p{L}*',
      'racis\\p{L}*',
      'roma',
      'sinti',
      'gypsies',
      // sexual orientation and gender identity, which the Code's ban on discrimination covers too
      'lgbt\\p{L}*',
      'lqbt\\p{L}*',
      'lqtbq\\p{L}*',
      'queer\\p{L}*',
      'homosexu\\p{L}*',
      'schwul\\p{L}*',
      'lesbi\\p{L}*',
      'gay',
      'transgender\\p{L}*',
      'transsexu\\p{L}*',
      'gender ideology',
      'genderideologie',
      'gender-ideologie',
      'bisexu\\p{L}*',
      'same[- ]sex',
      'gleichgeschlechtlich\\p{L}*',
      // who may marry: "one man and one woman", "zwischen Mann und Frau"
      '(?:one|a) man and (?:one|a) woman',
      'zwischen (?:einem )?mann und (?:einer )?frau',
      'ehe f(?:ü|ue)r alle',
      // scripture given as the ground of a law
      'bible',
      'bibel\\p{L}*',
      // religious rites and dress, which demands to ban or require them single out a faith by
      'circumcis\\p{L}*',
      // the rite, not any cutting back ("Beschneidung der Pressefreiheit", "der Hecken")
      '(?:rituell|religi(?:ö|oe)s|m(?:ä|ae)nnlich|weiblich)\\p{L}* beschneidung\\p{L}*',
      'beschneidung(?:en)? (?:von|bei) (?:jungen|knaben|kindern|babys|s(?:ä|ae)uglingen|m(?:ä|ae)dchen)',
      'beschneidungsverbot\\p{L}*',
      'genitalverst(?:ü|ue)mmelung\\p{L}*',
      'kopft(?:u|ü|ue)ch\\p{L}*',
      'headscar(?:f|ves)',
      'bur[qk]as?',
      'niqabs?',
      'hijabs?',
      'halal',
      // the dietary law, not the idiom ("nicht ganz koscher", "not kosher": dodgy)
      '(?<!(?:nicht|not)\\s(?:(?:ganz|so|quite|entirely)\\s)?)(?:kosher|koscher\\p{L}*)',
      // the rite, not "in Schächten" (shafts)
      'sch(?:ä|ae)chtung\\p{L}*',
      'sch(?:ä|ae)chtverbot\\p{L}*',
      'geschächtet\\p{L}*',
    ],
  },
  {
    // Ziffer 8 (guideline 8.7): restraint about suicide; who may end a life, and by whose decision, asks the same care
    subject: 'suicide or the end of a life (Press Code, Ziffer 8)',
    terms: [
      'euthanas\\p{L}*',
      'euthenas\\p{L}*',
      'sterbehilfe\\p{L}*',
      'assisted (?:dying|suicide)',
      'right to die',
      'suizid\\p{L}*',
      'suicid\\p{L}*',
      'selbstt(?:ö|oe)tung\\p{L}*',
      'selbstmord\\p{L}*',
    ],
  },
  {
    // Ziffer 14: no unfounded hopes or fears about health; vaccines and radiation are where petitions state them as fact
    subject: 'a health claim (Press Code, Ziffer 14)',
    terms: [
      'impf\\p{L}*',
      'geimpft\\p{L}*',
      'vaccin\\p{L}*',
      'anti-?vax\\p{L}*',
      'anti-?vac\\p{L}*',
      '5G',
      '(?:mobilfunk|handy|funk|wlan|5g-?)strahlung\\p{L}*',
      'strahlungsfrei\\p{L}*',
      'strahlen(?:belastung|minimierung|schutz)\\p{L}*',
      'elektrosmog',
      'radiation',
      'hom(?:ö|oe|oeo|eo)path\\p{L}*',
      'nebenwirkung\\p{L}*',
      'side[- ]effects?',
      'fluorid\\p{L}*',
      // harm to health stated as fact: masks, infrasound, food poisoned
      'masken',
      'maskenpflicht\\p{L}*',
      'mund-?\\s?nasen-?(?:schutz|bedeckung)\\p{L}*',
      'face ?masks?',
      'mask mandates?',
      'infraschall\\p{L}*',
      'infrasound',
      'vergift\\p{L}*',
      'poison(?:ed|ing|s)?',
    ],
  },
  {
    // Ziffer 2: a settled finding of science said to be open, as the ground of a demand ("There is no climate
    // emergency", "no scientific consensus")
    subject: 'a scientific finding disputed (Press Code, Ziffer 2)',
    terms: [
      'no climate (?:emergency|crisis)',
      'climate (?:hoax|scam|alarmism|hysteria)',
      'klima(?:l(?:ü|ue)ge|hysterie|wahn|religion|sekte|schwindel)\\p{L}*',
      '(?:no|not a|lack of) (?:scientific )?consensus',
      'two-sided (?:scientific )?debate',
      'kein(?:en)? (?:wissenschaftlichen )?konsens',
      // creation taught as science: evolution called unproven
      'creationis\\p{L}*',
      'kreationis\\p{L}*',
      'intelligent design',
      'evolution is (?:not proven|(?:just|only|merely) a theory)',
      'evolution(?:stheorie)? ist (?:nicht bewiesen|nur eine theorie)',
    ],
  },
  {
    // a demand against what the Basic Law guarantees: the death penalty (Art. 102), the elected chamber abolished
    subject: 'a demand against a fundamental right or the elected parliament',
    terms: [
      'todesstrafe\\p{L}*',
      'death penalty',
      'capital punishment',
      'hinrichtung\\p{L}*',
      'abolish(?:ing)? (?:the )?house of commons',
      '(?:bundestag|landtag|parlament)\\p{L}* abschaffen',
      'abschaffung (?:des|der) (?:bundestag|landtag|parlament)\\p{L}*',
    ],
  },
];

/**
 * Contempt for a person or a group ("unfähig", "barbaric"): the lexicon lists swearing, not these. A
 * `profanity` flag, labelled as contempt. Regular expression sources, matched case-insensitively.
 */
export const CONTEMPT_TERMS: readonly string[] = [
  'unf(?:ä|ae)hig\\p{L}*',
  'schande',
  'd(?:ä|ae)mlich\\p{L}*',
  'idiot\\p{L}*',
  'schwachsinn\\p{L}*',
  'abschaum',
  'gesindel',
  '(?:sozial)?schmarotzer\\p{L}*',
  'ungeziefer',
  'profilneurose',
  'barbari(?:c|sch\\p{L}*)',
  'disgrace(?:ful)?',
  'incompetent',
  'moron\\p{L}*',
  'scum',
  'vermin',
  'pathetic',
  // "Drecksmonat", "Dreckskerl": a thing or a person called filth
  'drecks\\p{L}{3,}',
  // swearing with a letter masked or a prefix the lexicon does not inflect ("besch*ssen")
  'besch(?:i|\\*)ss\\p{L}*',
];

/**
 * Common first names (German and English), so that "Peter Gagelmann" or "Boris Johnson" reads as a person where
 * two capitalised German nouns ("Geburtsstation Herzberg") do not: the German and English lists of human-names,
 * and the names below of people petitions are about. Names that are also common words when capitalised are left
 * out (NOT_FIRST_NAMES).
 */
export const FIRST_NAMES: readonly string[] = [
  'Alexander',
  'Alexandra',
  'Andrea',
  'Andreas',
  'Angela',
  'Anna',
  'Anne',
  'Annalena',
  'Armin',
  'Axel',
  'Barbara',
  'Bernd',
  'Birgit',
  'Boris',
  'Brigitte',
  'Carsten',
  'Charles',
  'Christina',
  'Christine',
  'Christoph',
  'Claudia',
  'Daniel',
  'David',
  'Dieter',
  'Dirk',
  'Donald',
  'Elisabeth',
  'Emmanuel',
  'Frank',
  'Franz',
  'Friedrich',
  'Gabriele',
  'Georg',
  'Gerhard',
  'Hans',
  'Heiko',
  'Heinz',
  'Helmut',
  'Horst',
  'Hubert',
  'Jens',
  'Joachim',
  'Johann',
  'Johannes',
  'John',
  'Jörg',
  'Julia',
  'Jürgen',
  'Karl',
  'Karin',
  'Karl-Heinz',
  'Katarina',
  'Katharina',
  'Klaus',
  'Kristina',
  'Lars',
  'Manuel',
  'Manuela',
  'Marco',
  'Maria',
  'Marie',
  'Markus',
  'Martin',
  'Martina',
  'Matthias',
  'Michael',
  'Monika',
  'Nancy',
  'Nicola',
  'Olaf',
  'Oliver',
  'Peter',
  'Petra',
  'Philipp',
  'Rainer',
  'Ralf',
  'Richard',
  'Robert',
  'Sabine',
  'Sahra',
  'Sandra',
  'Sebastian',
  'Stefan',
  'Stefanie',
  'Stephan',
  'Susanne',
  'Svenja',
  'Thomas',
  'Thorsten',
  'Tobias',
  'Ursula',
  'Uwe',
  'Volker',
  'Walter',
  'Werner',
  'Winfried',
  'Wolfgang',
  'Yvonne',
  'Jeremy',
  'Keir',
  'Rishi',
  'Theresa',
  'Liz',
  'Priti',
  'Nigel',
  'Jacob',
  'Matt',
  'Dominic',
  'Gavin',
  'Suella',
  'James',
  'Harry',
  'Meghan',
  'Elon',
  'Joe',
  'Kamala',
  'Vladimir',
  'Recep',
  'Lothar',
  'Mesut',
];

/**
 * First names of human-names' lists that are also words when capitalised: German nouns ("Art", "Wolf", "Winter"),
 * English words that start a sentence or stand in a title-case title ("Will", "Grace", "River"), places, brands.
 */
export const NOT_FIRST_NAMES: readonly string[] = [
  // German nouns and months
  ...['Art', 'Mark', 'Wolf', 'Tiger', 'Winter', 'Chance', 'Angel', 'Rose', 'Star', 'Rock', 'Jazz', 'Link', 'Echo', 'Flora', 'Gage'],
  ...['Tod', 'August', 'April', 'September', 'Tara', 'Rubin', 'Iris', 'Eden', 'Oasis', 'Apple', 'Olive', 'Jet', 'Golf', 'Venus', 'Sahara'],
  // English words
  ...['Will', 'Grace', 'Hope', 'Faith', 'Joy', 'Mercy', 'Justice', 'Liberty', 'Charity', 'Destiny', 'Harmony', 'Honesty', 'Honor'],
  ...['Patience', 'Peace', 'Promise', 'Serenity', 'Trinity', 'Unity', 'Dawn', 'May', 'June', 'Autumn', 'Summer', 'Spring', 'Snow'],
  ...['Storm', 'Sky', 'River', 'Lake', 'Ocean', 'Forest', 'Meadow', 'Brook', 'Reef', 'Stone', 'Clay', 'Cliff', 'Heath', 'Glen'],
  ...['Dale', 'Bay', 'Lane', 'Page', 'Miles', 'Chase', 'Grant', 'Bill', 'Frank', 'Rich', 'Guy', 'Major', 'Prince', 'Princess'],
  ...['Duke', 'Earl', 'King', 'Deacon', 'Archer', 'Hunter', 'Walker', 'Porter', 'Mason', 'Cooper', 'Tanner', 'Sterling', 'Ford'],
  ...['Cash', 'Penny', 'Ruby', 'Pearl', 'Jade', 'Amber', 'Crystal', 'Diamond', 'Coral', 'Ivy', 'Holly', 'Hazel', 'Heather', 'Lily'],
  ...['Daisy', 'Violet', 'Poppy', 'Willow', 'Fern', 'Sage', 'Basil', 'Ginger', 'Honey', 'Sugar', 'Candy', 'Cherry', 'Blue', 'Grey'],
  ...['Scarlet', 'Indigo', 'Nova', 'Genesis', 'Phoenix', 'Fox', 'Bear', 'Drake', 'Colt', 'Buck', 'Said', 'Blessing', 'Precious'],
  // places and brands
  ...['Paris', 'London', 'Boston', 'Jordan', 'Israel', 'Jersey', 'Alaska', 'Indiana', 'Virginia', 'Atlanta', 'Dallas', 'Sydney'],
  ...['Bristol', 'Brighton', 'York', 'Jena', 'Milan', 'Lincoln', 'Orlando', 'Zion', 'Jericho', 'Kent', 'Devon', 'Mercedes'],
  ...['Chanel', 'Bentley', 'Madonna', 'Jesus'],
];
