/**
 * An email address as database.rules.json accepts one, so what a form or trusted code accepts the database accepts.
 * Its own module, without messages: trusted code shares it (docs/architecture.md).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
