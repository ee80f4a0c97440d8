// A language model's verdict as one more flag on the causes under review, when a model is configured
// (LLM_BASE_URL): after each import the refresh asks it about every active cause waiting for an editor
// whose words it has not judged yet (Cause.moderatedHash is not the cause's contentHash), in the queue's
// order, within the run's share of model calls. A refusal becomes the flag `model` with the model's reason
// and weighs in the queue like the screens' flags; a verdict never approves, rejects or releases anything.
// A failed call leaves the cause to be asked again at the next refresh; the screens' flags stand either way.
import type { Db } from '../../infra/prisma.js';
import type { TextGenerator } from '../texts/text-generator.js';
import { weighFlags } from './flags.js';
import { setModelVerdict, unjudgedCauses } from '../../sql/cause.js';

export const MODEL_FLAG_LABEL = "a language model's verdict";

export interface ModerationOutcome {
  /** causes the model gave a verdict on */
  judged: number;
  /** of them, refused (flagged) */
  flagged: number;
  /** causes under review still without a verdict on their current words (no answer, or beyond the run's share) */
  waiting: number;
}

export async function moderatePending(prisma: Db, generator: TextGenerator, log: { info(message: string): void }): Promise<ModerationOutcome | null> {
  const moderate = generator.moderate?.bind(generator);
  if (!moderate) return null;
  const causes = await unjudgedCauses(prisma);
  const outcome: ModerationOutcome = { judged: 0, flagged: 0, waiting: 0 };
  await Promise.all(
    causes.map(async (cause) => {
      const verdict = await moderate(cause);
      if (!verdict) {
        outcome.waiting++;
        return;
      }
      const others = (cause.reviewFlags ?? []).filter((flag) => flag.code !== 'model');
      const reason = verdict.reason || 'refused without giving a reason';
      const { flags, weight } = weighFlags(verdict.refuse ? [...others, { code: 'model', reason: `${MODEL_FLAG_LABEL}: ${reason}` }] : others);
      // only while the words are those judged: an import that changed them meanwhile screened them anew
      const updated = await setModelVerdict(prisma, cause, flags, weight);
      if (updated === 0) {
        outcome.waiting++;
        return;
      }
      outcome.judged++;
      if (verdict.refuse) outcome.flagged++;
    }),
  );
  if (causes.length > 0) {
    log.info(
      `model verdicts on causes under review: ${outcome.judged} judged, ${outcome.flagged} flagged` +
        (outcome.waiting ? `, ${outcome.waiting} waiting for the next refresh` : ''),
    );
  }
  return outcome;
}
