// A generated json-feed of N causes with a realistic spread (categories, deadlines, progress, stored
// urgency values), deterministic for a given N, for the benchmark's seeding through the real import.
const CATEGORIES = ['Spenden', 'Petition', 'Brief'] as const;
const TOPICS = ['Tafel', 'Hospiz', 'Tierheim', 'Radweg', 'Bibliothek', 'Schulhof', 'Nachtbus', 'Trinkbrunnen', 'Jugendtreff', 'Flusspark'];
const PLACES = ['Köln', 'Leipzig', 'Kassel', 'Rostock', 'Freiburg', 'Bochum', 'Erfurt', 'Kiel', 'Passau', 'Görlitz'];

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sentences a long description is made of, varied by the item's number (about 2 KB at 2,000 characters). */
const SENTENCES = [
  'Seit drei Jahren treffen sich hier jede Woche Menschen aus dem Viertel, um gemeinsam anzupacken.',
  'Das Geld fließt in Material, Miete und die Fahrtkosten der Ehrenamtlichen.',
  'Die Stadt hat eine Förderung zugesagt, wenn die Initiative einen Eigenanteil aufbringt.',
  'Im vergangenen Jahr kamen mehr als vierhundert Besucherinnen und Besucher.',
  'Jede Unterschrift zeigt dem Rat, dass das Anliegen viele Menschen bewegt.',
  'Die Gruppe berichtet auf ihrer Seite regelmäßig, was mit der Unterstützung geschieht.',
  'Wer mitmachen möchte, findet die nächsten Termine im Kalender der Initiative.',
];

export interface FeedOptions {
  /** the description's length in characters (default: one short sentence) */
  descriptionChars?: number;
  /** the number of the first item (several feeds of one catalogue) */
  first?: number;
  /** items whose figures move (a next day where some causes changed) */
  changed?: (i: number) => boolean;
}

/** Whole sentences up to `chars` characters. */
function longDescription(i: number, chars: number): string {
  const sentences: string[] = [];
  let length = -1;
  for (let k = 0; length + 1 + SENTENCES[(i + k) % SENTENCES.length].length <= chars; k += 1) {
    sentences.push(SENTENCES[(i + k) % SENTENCES.length]);
    length += 1 + sentences[k].length;
  }
  return sentences.join(' ');
}

export function generateFeed(count: number, today: string, options: FeedOptions = {}) {
  const items = [];
  const first = options.first ?? 0;
  for (let i = first; i < first + count; i += 1) {
    const category = CATEGORIES[i % 3];
    const topic = TOPICS[i % TOPICS.length];
    const place = PLACES[Math.floor(i / TOPICS.length) % PLACES.length];
    const goal = category === 'Spenden' ? 5_000 + (i % 40) * 2_500 : 1_000 + (i % 50) * 400;
    const share = ((i * 37) % 130) / 100 + (options.changed?.(i) ? 0.01 : 0);
    items.push({
      externalId: `bench-${i}`,
      title: `${topic} ${place} Nr. ${i}`,
      description: options.descriptionChars
        ? longDescription(i, options.descriptionChars)
        : `Die Initiative ${topic} ${place} braucht Unterstützung. Aktion Nummer ${i} des Benchmark-Katalogs.`,
      category,
      organisationName: `${topic}verein ${place} e.V.`,
      organisationUrl: `https://${topic.toLowerCase()}-${i % 500}.example`,
      url: `https://bench-platform.example/aktionen/${i}`,
      ...(i % 3 === 0 ? { imageUrl: `https://bench-platform.example/bilder/${i}.jpg` } : {}),
      ...(i % 4 === 0 ? {} : { deadline: addDays(today, 1 + (i % 120)) }),
      ...(i % 5 === 0 ? {} : { fundingGoal: goal, fundingCurrent: Math.round(goal * share) }),
      ...(i % 6 === 0 ? {} : { urgencyScore: (i * 13) % 101 }),
      ...(i % 2 === 0 ? { leverageScore: (i % 100) / 100, actionsToTippingPoint: i % 5000 } : {}),
    });
  }
  return { items };
}
