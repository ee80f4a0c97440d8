// A generated json-feed of N causes with a realistic spread (categories, deadlines, progress, stored
// urgency values), deterministic for a given N, for the benchmark's seeding through the real import.
const CATEGORIES = ['Spenden', 'Petition', 'Brief'] as const;
const TOPICS = ['Tafel', 'Hospiz', 'Tierheim', 'Radweg', 'Bibliothek', 'Schulhof', 'Nachtbus', 'Trinkbrunnen', 'Jugendtreff', 'Flusspark'];
const PLACES = ['Köln', 'Leipzig', 'Kassel', 'Rostock', 'Freiburg', 'Bochum', 'Erfurt', 'Kiel', 'Passau', 'Görlitz'];

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function generateFeed(count: number, today: string) {
  const items = [];
  for (let i = 0; i < count; i += 1) {
    const category = CATEGORIES[i % 3];
    const topic = TOPICS[i % TOPICS.length];
    const place = PLACES[Math.floor(i / TOPICS.length) % PLACES.length];
    const goal = category === 'Spenden' ? 5_000 + (i % 40) * 2_500 : 1_000 + (i % 50) * 400;
    const share = ((i * 37) % 130) / 100;
    items.push({
      externalId: `bench-${i}`,
      title: `${topic} ${place} Nr. ${i}`,
      description: `Die Initiative ${topic} ${place} braucht Unterstützung. Aktion Nummer ${i} des Benchmark-Katalogs.`,
      category,
      organisationName: `${topic}verein ${place} e.V.`,
      organisationUrl: `https://${topic.toLowerCase()}-${i % 500}.example`,
      url: `https://bench-platform.example/aktionen/${i}`,
      ...(i % 3 === 0 ? { imageUrl: `https://bench-platform.example/bilder/${i}.jpg` } : {}),
      ...(i % 4 === 0 ? {} : { deadline: addDays(today, 1 + (i % 120)) }),
      ...(i % 5 === 0 ? {} : { fundingGoal: goal, fundingCurrent: Math.round(goal * share) }),
      ...(i % 6 === 0 ? {} : { urgencyScore: (i * 13) % 101 }),
      ...(i % 2 === 0 ? { leverageScore: ((i % 100) / 100), actionsToTippingPoint: i % 5000 } : {}),
    });
  }
  return { items };
}
