// The error of every operation that names a cause by a slug no cause has (suppression, editorial
// corrections); the operator commands answer it with a message and exit 1. Kept apart from the services
// that throw it, so that modules on any floor can throw and catch it without importing one another.
export class UnknownCauseError extends Error {
  constructor(slug: string) {
    super(`No cause with the slug "${slug}".`);
  }
}
