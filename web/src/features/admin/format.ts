/** "2.00%" from the wire's "2.00". */
export const formatFeePercent = (wire: string): string => `${wire}%`;
