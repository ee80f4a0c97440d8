// The text generator an operator command uses where it may write action texts (a replacement pick): the
// configured model with the built-in generator as its fallback, or the built-in generator alone.
import type { Config } from '../config/env.js';
import { createLogger } from '../infra/logger.js';
import { createLlmGenerator } from '../modules/texts/llm-generator.js';
import { defaultTextGenerator } from '../modules/texts/default-generator.js';

export function generatorFor(config: Config) {
  const logger = createLogger({ logLevel: 'warn' });
  return config.llm ? createLlmGenerator(config.llm, defaultTextGenerator, { warn: (m) => logger.warn(m) }) : defaultTextGenerator;
}
