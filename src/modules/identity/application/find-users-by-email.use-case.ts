import { inject, injectable } from 'tsyringe';
import type { User } from '../domain/user.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user.repository.port.js';

/** The operator's lookup (token grants): every account with this email, whatever its provider. */
@injectable()
export class FindUsersByEmail {
  constructor(@inject(USER_REPOSITORY) private readonly users: UserRepository) {}

  execute(email: string): Promise<User[]> {
    return this.users.findByEmail(email.trim().toLowerCase());
  }
}
