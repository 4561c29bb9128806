import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import axios from "axios";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Link, TextField } from "@mui/material";
import { signupFormSchema, type ErrorBody } from "@balcao/common";
import { usePlans } from "../../api/hooks";
import { errorCode, errorMessage } from "../../api/errors";
import { AuthCard } from "../../components/AuthCard";
import { AuthForm, AuthPasswordField, AuthSubmitButton, AuthTextField } from "../../components/authForm";
import { PhoneMaskInput } from "../../components/PhoneMaskInput";
import { fieldError } from "../../components/formFields";
import { useSubmitting } from "../../hooks/useSubmitting";
import { PlanSelect } from "./PlanSelect";
import { signUp, type SignupForm } from "./signupApi";

const FORM_FIELDS = ["name", "userName", "email", "phone", "password", "planId"] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (field: unknown): field is FormField => FORM_FIELDS.includes(field as FormField);

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = usePlans(params.get("companyId"));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: "", userName: "", email: "", phone: "", password: "", planId: "" },
  });

  const { submitting, submit } = useSubmitting(
    async (values: SignupForm) => {
      await signUp(values);
      toast.success(t("signup.success"));
      navigate("/login", { replace: true });
    },
    (err) => {
      const code = errorCode(err);
      const detail = errorMessage(err);
      toast.error(
        <div>
          <div>{t("signup.failure")}</div>
          {detail && <div>{detail}</div>}
        </div>,
      );
      if (code === "ERR_EMAIL_ALREADY_EXISTS") setError("email", { message: t("errors.ERR_EMAIL_ALREADY_EXISTS") });
      if (code === "ERR_COMPANY_NAME_ALREADY_EXISTS") setError("name", { message: t("errors.ERR_COMPANY_NAME_ALREADY_EXISTS") });
      const field = axios.isAxiosError<ErrorBody>(err) ? err.response?.data?.field : undefined;
      if (code === "ERR_VALIDATION" && isFormField(field) && detail) setError(field, { message: detail });
    },
  );

  return (
    <AuthCard title={t("signup.title")} subtitle={t("signup.subtitle")}>
      <AuthForm onSubmit={handleSubmit(submit)} testId="signup-form">
        <AuthTextField registration={register("name")} label={t("signup.name")} autoComplete="organization" autoFocus error={errors.name} testId="signup-name" />
        <AuthTextField registration={register("userName")} label={t("signup.userName")} autoComplete="name" error={errors.userName} testId="signup-user-name" />
        <AuthTextField registration={register("email")} label={t("signup.email")} type="email" autoComplete="email" error={errors.email} testId="signup-email" />
        <Controller
          name="phone"
          control={control}
          render={({ field }) => (
            <TextField
              name={field.name}
              value={typeof field.value === "string" ? field.value : ""}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={t("signup.phone")}
              placeholder="(00) 00000-0000"
              autoComplete="tel"
              fullWidth
              {...fieldError(errors.phone)}
              slotProps={{
                input: { inputComponent: PhoneMaskInput as never },
                htmlInput: { "data-testid": "signup-phone", inputMode: "tel" },
              }}
            />
          )}
        />
        <AuthPasswordField registration={register("password")} label={t("signup.password")} autoComplete="new-password" error={errors.password} testId="signup-password" />
        <Controller
          name="planId"
          control={control}
          render={({ field }) => <PlanSelect plans={plans.data} loading={plans.isPending} value={field.value} onChange={field.onChange} onBlur={field.onBlur} {...fieldError(errors.planId)} />}
        />
        <AuthSubmitButton submitting={submitting} testId="signup-submit">
          {t("signup.submit")}
        </AuthSubmitButton>
        <Link component={RouterLink} to="/login" variant="body2" textAlign="center" data-testid="signup-login-link">
          {t("signup.haveAccount")}
        </Link>
      </AuthForm>
    </AuthCard>
  );
}
