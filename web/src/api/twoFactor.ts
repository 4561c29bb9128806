import type { AuthResponse } from "@balcao/common";
import { api, publicApi } from "./http";
import { saveSession } from "./session";

/** The password was right; the sign-in goes on with a code (or, first, an enrolment). */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  enrolmentRequired?: true;
  challenge: string;
}

export interface Enrolment {
  uri: string;
  secret: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
  companyRequired: boolean;
  platformRequired: boolean;
}

export interface TwoFactorPolicy {
  companyRequired: boolean;
  platformRequired: boolean;
}

export const isChallenge = (answer: AuthResponse | TwoFactorChallenge): answer is TwoFactorChallenge => "challenge" in answer;

/** The second step of a sign-in; an enrolment challenge answers the new recovery codes too. */
export async function loginSecondStep(body: { challenge: string; code: string }) {
  const { data } = await publicApi.post<AuthResponse & { recoveryCodes?: string[] }>("/auth/login/2fa", body);
  saveSession(data);
  return data;
}

export const enrolWithChallenge = async (challenge: string) => (await publicApi.post<Enrolment>("/auth/login/2fa/enrol", { challenge })).data;
export const twoFactorStatus = async () => (await api.get<TwoFactorStatus>("/auth/2fa")).data;
export const startEnrolment = async () => (await api.post<Enrolment>("/auth/2fa/enrol", {})).data;
export const confirmEnrolment = async (code: string) => (await api.post<{ recoveryCodes: string[] }>("/auth/2fa/confirm", { code })).data;
export const disableTwoFactor = async (proof: { code?: string; password?: string }) => (await api.post<{ enabled: false }>("/auth/2fa/disable", proof)).data;
export const renewRecoveryCodes = async (proof: { code?: string; password?: string }) => (await api.post<{ recoveryCodes: string[] }>("/auth/2fa/recovery-codes", proof)).data;
export const resetUserTwoFactor = async (userId: number) => (await api.delete<{ enabled: false }>(`/users/${userId}/2fa`)).data;
export const twoFactorPolicy = async () => (await api.get<TwoFactorPolicy>("/auth/2fa/policy")).data;
export const setCompanyTwoFactorPolicy = async (required: boolean) => (await api.put<TwoFactorPolicy>("/auth/2fa/policy", { required })).data;
export const setPlatformTwoFactorPolicy = async (required: boolean) => (await api.put<TwoFactorPolicy>("/auth/2fa/platform-policy", { required })).data;
