/**
 * Two-factor sign-in and step-up (decision 046): the Swedish texts and the code rule, shared
 * by the forms and their actions. Isomorphic.
 */
import { z } from "~/lib/zod";

export const TWO_FACTOR_MESSAGES = {
  codeFormat: "Ange den sexsiffriga koden från appen eller en reservkod (t.ex. abcde-12345).",
  codeMissing: "Ange koden.",
  wrongCode: "Fel kod. Försök igen.",
  wrongBackupCode: "Reservkoden är fel eller redan använd.",
  challengeExpired: "Inloggningen har gått ut. Logga in igen med e-post och lösenord.",
  locked: "För många felaktiga koder. Vänta en stund och försök igen.",
  alreadyEnabled: "Tvåstegsverifiering är redan aktiverad.",
  wrongPassword: "Fel lösenord.",
  passwordMissing: "Ange ditt lösenord.",
  failed: "Något gick fel. Försök igen om en liten stund.",
  staffSetupRequired: "Personal måste aktivera tvåstegsverifiering innan adminpanelen öppnas.",
  staffCodeRequired: "Bekräfta med koden från din autentiseringsapp innan adminpanelen öppnas.",
  stepUpTitle: "Bekräfta att det är du",
  stepUpRequired: "Bekräfta din identitet igen (högst 5 minuter gammal) för att fortsätta.",
  notEnabled: "Tvåstegsverifiering är inte aktiverad för kontot.",
} as const;

const TOTP = /^\d{6}$/;
const BACKUP = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** A code as typed: spaces dropped; six digits from the app, or a backup code. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeMissing })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeMissing).max(11, TWO_FACTOR_MESSAGES.codeFormat))
  .refine((value) => TOTP.test(value) || BACKUP.test(value), TWO_FACTOR_MESSAGES.codeFormat);

/** Whether a valid code is a backup code rather than one from the app. */
export const isBackupCode = (code: string) => BACKUP.test(code);
