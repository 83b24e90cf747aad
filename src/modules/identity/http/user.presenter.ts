import type { SessionUser } from '../../../contract/session.js';
import type { User } from '../domain/user.js';

/** The only user fields that leave the API. */
export function presentUser(user: User): SessionUser {
  return { id: user.id, email: user.email, name: user.name, picture: user.picture };
}
