/**
 * The most-guessed 4-digit PINs (DataGenetics' analysis of 3.4 million PINs, top 20,
 * plus a few patterns). With 10,000 possible PINs these cover about a fifth of real
 * choices, so they are refused whenever a PIN is set (docs/product.md#pins).
 */
export const weakPins: ReadonlySet<string> = new Set([
  '1234', '1111', '0000', '1212', '7777', '1004', '2000', '4444', '2222', '6969',
  '9999', '3333', '5555', '6666', '1122', '1313', '8888', '4321', '2001', '1010',
  '0123', '9876', '1230', '2580', '0852', '1357', '2468', '5678', '6789', '0987',
]);

export const isWeakPin = (pin: string): boolean => weakPins.has(pin);
