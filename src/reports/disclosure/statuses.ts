/** Where another bargaining unit stands, as a disclosure reports it. */
export const UNIT_STATUSES = ['settled', 'pending', 'not-in-negotiation'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
