/** Validation messages of the spec. The web translates them under `validation.*`. */
export const V = {
  tooShort: "Too Short!",
  tooLong: "Too Long!",
  required: "Required",
  invalidEmail: "Invalid email",
  invalidValue: "Invalid value",
  /** Tag and schedule forms use the spec's Portuguese texts. */
  tooShortPt: "Mensagem muito curta",
  requiredPt: "Obrigatório",
  /** The file list form's name (administration §5). */
  nameTooShortPt: "nome muito curto",
  /** The password reset form's texts of the spec. */
  weakPassword: "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.",
  passwordsDiffer: "As senhas não correspondem",
  /** The internal chat dialog (administration §5). */
  chatTitleRequired: "Por favor, preencha o título da conversa.",
  chatUsersRequired: "Por favor, selecione pelo menos um usuário.",
} as const;
