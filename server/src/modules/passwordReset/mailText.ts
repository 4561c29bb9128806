import { RESET_CODE_TTL_MINUTES, type Language } from "@balcao/common";

const TEXTS: Record<Language, { subject: string; body: (name: string, code: string) => string }> = {
  pt: {
    subject: "Seu código para redefinir a senha",
    body: (name, code) =>
      `Olá, ${name}.\n\nSeu código de verificação é: ${code}\n\nEle vale por ${RESET_CODE_TTL_MINUTES} minutos e pode ser usado uma vez. Digite-o na página de recuperação de senha para escolher uma nova senha.\n\nSe você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.`,
  },
  en: {
    subject: "Your password reset code",
    body: (name, code) =>
      `Hello, ${name}.\n\nYour verification code is: ${code}\n\nIt is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once. Enter it on the password recovery page to choose a new password.\n\nIf you did not ask to change your password, ignore this email: your password stays the same.`,
  },
  es: {
    subject: "Su código para restablecer la contraseña",
    body: (name, code) =>
      `Hola, ${name}.\n\nSu código de verificación es: ${code}\n\nEs válido durante ${RESET_CODE_TTL_MINUTES} minutos y puede usarse una vez. Escríbalo en la página de recuperación de contraseña para elegir una nueva contraseña.\n\nSi usted no pidió cambiar su contraseña, ignore este correo: su contraseña sigue igual.`,
  },
};

export function resetCodeMail(lang: Language, name: string, code: string) {
  const texts = TEXTS[lang];
  return { subject: texts.subject, text: texts.body(name, code) };
}
