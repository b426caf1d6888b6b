/**
 * The Swedish messages of signing up, in and out (docs/rules/accounts.md). Plain strings without
 * zod, so the header's sign-out feedback does not bring the form schemas into every page.
 */
export const SIGNUP_MESSAGES = {
  step1Missing: "Vänligen fyll i alla fält.",
  passwordMismatch: "Lösenorden matchar inte.",
  weakPassword: "Lösenordet måste innehålla versaler, gemener, siffror och symboler.",
  namesMissing: "Vänligen fyll i för- och efternamn.",
  requiredMissing: "Vänligen fyll i alla obligatoriska fält.",
  invalidEmail: "Ange en giltig e-postadress.",
} as const;

export const AUTH_MESSAGES = {
  signInMissing: "Vänligen fyll i alla fält",
  resetEmailMissing: "Vänligen ange din e-postadress",
  newPasswordMissing: "Vänligen fyll i alla fält",
  newPasswordMismatch: "Lösenorden matchar inte",
  resendEmailMissing: "E-postadress saknas. Vänligen registrera dig igen.",
  invalidEmail: SIGNUP_MESSAGES.invalidEmail,
  weakPassword: SIGNUP_MESSAGES.weakPassword,
  // docs/rules/accounts.md#sign-in
  signInSuccess: "Inloggning lyckades!",
  emailNotConfirmed: "E-post ej bekräftad",
  emailNotConfirmedHelp: "Bekräfta din e-postadress via länken vi skickade innan du loggar in.",
  wrongCredentials: "Felaktiga uppgifter",
  signInFailed: "Fel vid inloggning. Kontrollera dina uppgifter.",
  // docs/rules/admin.md#users
  signInBlockedTitle: "Kontot är spärrat",
  // docs/rules/accounts.md#password-reset
  resetSent: "E-post skickad!",
  resetFailed: "Fel vid återställning av lösenord. Försök igen.",
  linkExpired: "Länken har gått ut",
  noValidSession: "Ingen giltig session",
  passwordUpdated: "Lösenord uppdaterat!",
  currentPasswordMissing: "Ange ditt nuvarande lösenord.",
  currentPasswordWrong: "Fel lösenord.",
  passwordChanged: "Lösenordet är bytt. Dina andra enheter är utloggade.",
  passwordSet: "Lösenordet är sparat. Du kan nu logga in med e-post och lösenord.",
  passwordSetNeedsSignIn:
    "Logga in med Steam eller Google igen (högst 10 minuter innan), eller bekräfta att det är du med BankID eller din autentiseringsapp, för att välja ett lösenord.",
  passwordAlreadySet: "Kontot har redan ett lösenord. Byt det med ditt nuvarande lösenord.",
  noPasswordYet: "Kontot har inget lösenord än. Välj ett nedan.",
  passwordUpdateFailed: "Fel vid uppdatering av lösenord. Försök igen.",
  // docs/rules/accounts.md#email-confirmation
  resendSent: "E-post skickad!",
  resendFailedTitle: "Fel",
  resendFailed: "Kunde inte skicka bekräftelsemail.",
  confirmed: "Konto bekräftat!",
  // docs/rules/accounts.md#sign-out
  signedOutTitle: "Utloggad",
  signedOut: "Du har loggats ut framgångsrikt.",
  signOutFailedTitle: "Fel",
  signOutFailed: "Kunde inte logga ut. Försök igen.",
} as const;
