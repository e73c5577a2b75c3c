/** One of `make()` for each organization, made when first asked for: state one side's requests never share with the other's. */
export function perOrganization<T>(make: () => T): (org: number) => T {
  const byOrg = new Map<number, T>();
  return (org) => {
    let t = byOrg.get(org);
    if (!t) byOrg.set(org, (t = make()));
    return t;
  };
}
