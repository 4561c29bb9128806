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
} as const;
