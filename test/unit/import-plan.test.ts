// The import's decisions as data (import-plan.ts): which causes are new, changed, unchanged, reopened,
// ended, renamed or gone, for given items and stored causes, with no database.
import { describe, expect, it } from 'vitest';
import { causeData, causePlace, planImport, type PlanInput, type PreviousCause } from '../../src/modules/causes/import-plan.js';
import { checkFeedItem, type FeedItem } from '../../src/modules/sources/feed-item.js';
import { reviewedWordsOf } from '../../src/modules/review/review-state.js';

const TODAY = '2026-11-21';

function item(id: string, extra: Record<string, unknown> = {}): FeedItem {
  const check = checkFeedItem({
    externalId: id,
    title: `Aktion ${id}`,
    description: `Aktion ${id}. Eine Aktion für die Region, getragen von Ehrenamtlichen.`,
    category: 'Petition',
    organisationName: `Verein ${id} e.V.`,
    organisationUrl: `https://verein-${id}.example`,
    url: `https://plattform.example/aktionen/${id}`,
    statusOpen: true,
    ...extra,
  });
  if (!check.ok) throw new Error(check.reason);
  return check.item;
}

/** The stored cause of `of` as the last import left it; `changes` alter what is stored. */
function stored(of: FeedItem, changes: Partial<PreviousCause> = {}): PreviousCause {
  const data = causeData(of, TODAY);
  return {
    id: `id-${of.externalId}`,
    externalId: of.externalId,
    contentHash: data.contentHash,
    active: data.active,
    inactiveReason: data.inactiveReason,
    ...causePlace(of, undefined),
    deadline: of.deadline ?? null,
    deadlineSequence: 0,
    deadlineChangedAt: null,
    refreshedWithSource: true,
    reviewState: 'not_required',
    reviewedWords: null,
    screened: false,
    category: data.category,
    sourceUrl: data.sourceUrl,
    organisationUrl: data.organisationUrl,
    imageUrl: data.imageUrl,
    ...changes,
  };
}

const input = (changes: Partial<PlanInput>): PlanInput => ({
  items: [],
  current: [],
  excluded: [],
  invalid: [],
  complete: true,
  mode: 'none',
  previousMode: 'none',
  today: TODAY,
  ...changes,
});

/** The plan with its rows reduced to ids, as a test reads it. */
function summary(plan: ReturnType<typeof planImport>) {
  return {
    creates: plan.creates.map((create) => `${create.item.externalId} ${create.reviewState}`),
    changes: plan.changes.map((change) => `${change.previous.id} ${change.reviewState}${change.deadlineMoved ? ' deadline moved' : ''}`),
    reviewMoves: plan.reviewMoves.map(
      (move) => `${move.id} ${move.reviewState} flags ${move.reviewFlags === null ? 'none' : move.reviewFlags.map((flag) => flag.code).join(',')}`,
    ),
    reopened: plan.reopened,
    seen: plan.seen,
    unseen: plan.unseen,
    ended: Object.fromEntries(plan.ended),
    reasonChanged: Object.fromEntries(plan.reasonChanged),
    gone: plan.gone,
    counts: plan.counts,
  };
}

const NOTHING = { creates: [], changes: [], reviewMoves: [], reopened: [], seen: [], unseen: [], ended: {}, reasonChanged: {}, gone: [] };

describe('planImport', () => {
  it('a first import: every item is new, in the pending state of the source’s setting', () => {
    const plan = planImport(input({ items: [item('a'), item('b')], mode: 'list', previousMode: null }));
    expect(summary(plan)).toEqual({
      ...NOTHING,
      creates: ['a pending_unlisted', 'b pending_unlisted'],
      counts: { new: 2, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0 },
    });
  });

  it('changed, ended by a passed deadline, back again, moved, unchanged, and one that left the feed', () => {
    const same = item('same');
    const changed = item('changed', { fundingGoal: 1000, fundingCurrent: 500 });
    const moved = item('moved', { deadline: '2026-12-20' });
    const passed = item('passed', { deadline: '2026-11-20' });
    const back = item('back');
    const plan = planImport(
      input({
        items: [same, changed, moved, passed, back, item('placed', { region: 'DE-BE' })],
        current: [
          stored(same, { refreshedWithSource: false }),
          stored(item('changed', { fundingGoal: 1000, fundingCurrent: 400 })),
          stored(item('moved', { deadline: '2026-12-10' })),
          stored(item('passed', { deadline: '2026-12-01' })),
          stored(back, { active: false, inactiveReason: 'left the feed' }),
          stored(item('placed')),
          stored(item('left')),
          stored(item('left-before'), { active: false, inactiveReason: 'left the feed', refreshedWithSource: false }),
        ],
      }),
    );
    expect(summary(plan)).toEqual({
      ...NOTHING,
      changes: [
        'id-changed not_required',
        'id-moved not_required deadline moved',
        'id-passed not_required deadline moved',
        'id-back not_required',
        'id-placed not_required',
      ],
      // it took its refreshed_at from the run before; from now on the source's stamp
      seen: ['id-same'],
      unseen: ['id-left'],
      gone: ['id-left'],
      counts: { new: 0, updated: 3, unchanged: 1, reactivated: 1, deactivated: 2 },
    });
  });

  it('the adapter’s exclusions end active causes with their reason and rename the reason of ended ones', () => {
    const plan = planImport(
      input({
        items: [item('a')],
        current: [
          stored(item('a')),
          stored(item('closed')),
          stored(item('ended-before'), { active: false, inactiveReason: 'left the feed' }),
          stored(item('same-reason'), { active: false, inactiveReason: 'beendet' }),
        ],
        excluded: [
          { externalId: 'closed', reason: 'beendet' },
          { externalId: 'ended-before', reason: 'beendet' },
          { externalId: 'same-reason', reason: 'beendet' },
          { externalId: 'never-stored', reason: 'kein Träger' },
          { externalId: null, reason: 'ohne id' },
        ],
      }),
    );
    expect(summary(plan)).toEqual({
      ...NOTHING,
      unseen: ['id-closed', 'id-ended-before', 'id-same-reason'],
      ended: { beendet: ['id-closed'] },
      reasonChanged: { beendet: ['id-ended-before'] },
      counts: { new: 0, updated: 1, unchanged: 1, reactivated: 0, deactivated: 1 },
    });
  });

  it('an item that failed validation did not leave the feed, and an incomplete run ends nothing for absence', () => {
    const current = [stored(item('invalid-today')), stored(item('absent'))];
    expect(summary(planImport(input({ current, invalid: [{ externalId: 'invalid-today', reason: 'no title' }] }))).gone).toEqual(['id-absent']);
    expect(summary(planImport(input({ current, complete: false })))).toEqual({
      ...NOTHING,
      unseen: ['id-invalid-today', 'id-absent'],
      counts: { new: 0, updated: 0, unchanged: 0, reactivated: 0, deactivated: 0 },
    });
  });

  it('new words reopen an approval; a changed setting moves and screens unchanged causes', () => {
    const approved = item('approved', { title: 'Neue Worte' });
    const unchanged = item('unchanged');
    const plan = planImport(
      input({
        items: [approved, unchanged],
        current: [stored(item('approved'), { reviewState: 'approved', reviewedWords: 'die alten Worte' }), stored(unchanged)],
        mode: 'pick',
        previousMode: 'none',
      }),
    );
    expect(summary(plan)).toEqual({
      ...NOTHING,
      changes: ['id-approved pending_listed'],
      // screened now: the made-up description is too thin to be a civic action
      reviewMoves: ['id-unchanged pending_listed flags thin'],
      reopened: [{ id: 'id-approved', fromState: 'approved' }],
      counts: { new: 0, updated: 1, unchanged: 1, reactivated: 0, deactivated: 0 },
    });
  });

  it('a new link, organisation site, image or category reopens an approval as new words do; new figures do not', () => {
    const before = (id: string) => item(id, { imageUrl: `https://bilder.example/${id}.jpg`, fundingGoal: 1000, fundingCurrent: 400 });
    const approved = (id: string) => stored(before(id), { reviewState: 'approved', reviewedWords: reviewedWordsOf(before(id)) });
    const now = [
      item('link', { imageUrl: 'https://bilder.example/link.jpg', fundingGoal: 1000, fundingCurrent: 400, url: 'https://anderswo.example/phishing' }),
      item('site', { imageUrl: 'https://bilder.example/site.jpg', fundingGoal: 1000, fundingCurrent: 400, organisationUrl: 'https://anderswo.example' }),
      item('image', { imageUrl: 'https://anderswo.example/bild.jpg', fundingGoal: 1000, fundingCurrent: 400 }),
      item('category', { imageUrl: 'https://bilder.example/category.jpg', fundingGoal: 1000, fundingCurrent: 400, category: 'Spenden' }),
      item('figures', { imageUrl: 'https://bilder.example/figures.jpg', fundingGoal: 1000, fundingCurrent: 600 }),
    ];
    const plan = planImport(input({ items: now, current: now.map((changed) => approved(changed.externalId)), mode: 'list', previousMode: 'list' }));
    expect(summary(plan)).toEqual({
      ...NOTHING,
      changes: ['id-link pending_unlisted', 'id-site pending_unlisted', 'id-image pending_unlisted', 'id-category pending_unlisted', 'id-figures approved'],
      reopened: ['link', 'site', 'image', 'category'].map((id) => ({ id: `id-${id}`, fromState: 'approved' })),
      counts: { new: 0, updated: 5, unchanged: 0, reactivated: 0, deactivated: 0 },
    });
  });
});
