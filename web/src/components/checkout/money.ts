import i18next from "i18next";
import { localeOf } from "../../i18n/format";

/** An amount in reais, written the reader's way: R$ 30,00 or R$30.00. */
export const formatMoney = (value: number) => new Intl.NumberFormat(localeOf(i18next.resolvedLanguage), { style: "currency", currency: "BRL" }).format(value);
