import type { helps } from "../../db/schema";

/** The help videos a new installation starts with; the super user edits them in Settings → Help. */
export const DEFAULT_HELPS: (typeof helps.$inferInsert)[] = [
  {
    title: "Primeiros passos no Balcão",
    description: "Conheça o menu, os atendimentos e como conectar o seu número de WhatsApp.",
    video: "Xf7zR2pB1kM",
  },
  {
    title: "Atendendo clientes: aceitar, responder e resolver",
    description: "Veja como aceitar um atendimento pendente, responder com texto e arquivos, transferir e resolver.",
    video: "q3LmT8vW5nE",
  },
  {
    title: "Respostas rápidas com anexos",
    description: "Cadastre atalhos como /oferta, use variáveis como o nome do cliente e envie imagens com um clique.",
    video: "Kd9sH4yU2aQ",
  },
  {
    title: "Filas, chatbot e horários de atendimento",
    description: "Organize os setores da empresa, monte o menu do chatbot e defina os horários de cada fila.",
    video: "Vb6nJ1cX8rT",
  },
];
