/** About one token per small email: characters sent to the model, rounded up, at least one. */
export function tokensForCharacters(characters: number, charactersPerToken: number): number {
  if (charactersPerToken <= 0) throw new RangeError('charactersPerToken must be positive');
  return Math.max(1, Math.ceil(Math.max(0, characters) / charactersPerToken));
}
