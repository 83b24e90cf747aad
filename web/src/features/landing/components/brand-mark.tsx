/** The product's mark (the favicon), beside the name. */
export function BrandMark() {
  return <span className="brand-link__mark" aria-hidden="true" />;
}
