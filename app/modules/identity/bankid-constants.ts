/** Per BankID call, connecting and answering together (ms); `BANKID_TIMEOUT_MS` overrides it. */
export const BANKID_DEFAULT_TIMEOUT_MS = 10_000;
