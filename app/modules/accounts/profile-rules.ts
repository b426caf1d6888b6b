/** Pure profile rules shared by the browser and the server. */

export interface ProfileNames {
  first_name: string | null;
  display_name: string | null;
}

/** docs/rules/accounts.md#profiles: a profile missing first_name or display_name (or not found) counts as new. */
export function isNewUserProfile(profile: ProfileNames | null | undefined): boolean {
  return !profile || !profile.first_name?.trim() || !profile.display_name?.trim();
}

/** docs/rules/accounts.md#profiles: display name falls back from metadata name, then full name, then the entered first name. */
export function displayNameFrom(input: {
  name?: string | null;
  fullName?: string | null;
  firstName?: string | null;
}): string | null {
  for (const candidate of [input.name, input.fullName, input.firstName]) {
    const value = candidate?.trim();
    if (value) return value;
  }
  return null;
}
