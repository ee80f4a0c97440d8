// The flags on a cause under review, and how heavily each weighs in the queue's order: set by the screens
// (screens.ts) and by a language model's verdict (moderation.ts); a flag never approves or rejects.
/** `model`: a language model's verdict (review/moderation.ts), when one is configured; the others are the screens'. */
export type FlagCode =
  'hateful' | 'conspiracy' | 'model' | 'profanity' | 'named_target' | 'crime_allegation' | 'sensitive' | 'named_person' | 'shouting' | 'mangled' | 'thin';
export interface ReviewFlag {
  code: FlagCode;
  reason: string;
}
/**
 * How heavily each flag weighs in the queue's order (higher first): what the Press Code keeps from
 * publication first (discrimination, a private person made the target, an allegation repeated as fact),
 * then swearing and contempt, then where to read closely (a subject of the Press Code, a person named),
 * then a text that cannot be written honestly, then text that only needs mending.
 */
export const FLAG_WEIGHT: Record<FlagCode, number> = {
  hateful: 100,
  conspiracy: 90,
  model: 85,
  named_target: 80,
  crime_allegation: 70,
  profanity: 50,
  sensitive: 40,
  named_person: 35,
  thin: 30,
  mangled: 20,
  shouting: 10,
};

/** The flags heaviest first, and their summed weight: what orders the review queue. */
export function weighFlags(flags: ReviewFlag[]): { flags: ReviewFlag[]; weight: number } {
  return {
    flags: [...flags].sort((a, b) => FLAG_WEIGHT[b.code] - FLAG_WEIGHT[a.code]),
    weight: flags.reduce((sum, flag) => sum + FLAG_WEIGHT[flag.code], 0),
  };
}
