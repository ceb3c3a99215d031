/**
 * The first previous-invoice hash (KSA-13) of every device's chain: the value ZATCA's SDK ships in
 * PIH/pih.txt (infra/local/zatca/sdk/PIH/pih.txt) — Base64 of the hex SHA-256 of "0". The first
 * document a device issues (ICV 1) carries it; each later one carries the previous one's hash.
 */
export const KSA_INITIAL_PIH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';
