import { addDays, format } from "date-fns";
import { TRIAL_DAYS, type SignupBody } from "@balcao/common";
import { publicApi } from "../../api/http";

export type SignupForm = Pick<SignupBody, "name" | "userName" | "email" | "phone" | "password" | "planId">;

/** The spec's sign-up payload: a 3-day monthly trial, status 't', campaigns on (the server decides the trial itself). */
export async function signUp(form: SignupForm) {
  const payload = {
    ...form,
    recurrence: "MENSAL",
    dueDate: format(addDays(new Date(), TRIAL_DAYS), "yyyy-MM-dd"),
    status: "t",
    campaignsEnabled: true,
  };
  const { data } = await publicApi.post("/companies/cadastro", payload);
  return data;
}
