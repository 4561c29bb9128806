/** Portuguese text for the dataset: what customers write, what attendants answer, people's names. */

export const CUSTOMER_LINES = [
  "Olá, boa tarde! Gostaria de saber o status do meu pedido.",
  "Bom dia, vocês entregam no sábado?",
  "Preciso da segunda via do boleto, por favor.",
  "O produto chegou com defeito, como faço a troca?",
  "Qual o prazo de entrega para São Paulo?",
  "Vocês aceitam pagamento por Pix?",
  "Quero cancelar a minha assinatura.",
  "Meu pedido ainda não chegou e já passou do prazo.",
  "Tem esse modelo na cor azul?",
  "Oi! Vi a promoção no Instagram, ainda está valendo?",
  "Consegue me enviar a nota fiscal da compra?",
  "O boleto venceu ontem, posso pagar hoje sem juros?",
  "Obrigado pelo atendimento, resolveu meu problema.",
  "Qual o horário de funcionamento da loja?",
  "Preciso alterar o endereço de entrega.",
  "O aplicativo não está abrindo no meu celular.",
  "Vocês fazem parcelamento no cartão em 10 vezes?",
  "Recebi uma cobrança em duplicidade no cartão.",
  "Gostaria de agendar uma visita técnica.",
  "Quanto fica o frete para Belo Horizonte?",
  "Meu cupom de desconto não está funcionando.",
  "Posso retirar o pedido na loja física?",
  "Ainda estou aguardando o reembolso.",
  "Ok, muito obrigado!",
];

export const ATTENDANT_LINES = [
  "Olá! Tudo bem? Vou verificar para você, só um instante.",
  "Seu pedido já saiu para entrega e deve chegar amanhã.",
  "Segue a segunda via do boleto atualizado.",
  "Pode nos enviar uma foto do produto, por favor?",
  "O prazo de entrega é de 3 a 5 dias úteis.",
  "Sim, aceitamos Pix, cartão e boleto.",
  "Entendo, vou encaminhar para o setor financeiro.",
  "Já abri a solicitação de troca, o número é 48213.",
  "Temos sim, em azul e em preto.",
  "A promoção vale até o fim do mês.",
  "A nota fiscal foi enviada para o seu e-mail.",
  "Posso ajudar em mais alguma coisa?",
  "Nosso horário é de segunda a sexta, das 8h às 18h.",
  "Endereço atualizado com sucesso!",
  "O reembolso aparece na fatura em até duas faturas.",
  "Obrigado pelo contato, tenha um ótimo dia!",
];

export const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Daniel",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Karina",
  "Lucas",
  "Mariana",
  "Nicolas",
  "Olívia",
  "Pedro",
  "Rafaela",
  "Samuel",
  "Tatiane",
  "Vinícius",
  "Yasmin",
  "Fernanda",
  "Rodrigo",
  "Juliana",
];
export const LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
];
export const QUEUE_NAMES = ["Vendas", "Suporte", "Financeiro", "Pós-venda", "Cobrança"];
export const QUEUE_COLORS = ["#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#e53935"];
export const TAG_NAMES = ["VIP", "Urgente", "Reclamação", "Novo cliente", "Atacado", "Retorno"];

/** The words the read paths search for: a message word, a contact name. */
/** Searched by the read paths: a common word, a word no message holds (it goes through the text index), a common surname. */
export const SEARCH = { messageText: "boleto", absentText: "estorno", contactName: "silva" };

/** A Postgres text[] literal of the lines (single quotes doubled). */
export const sqlArray = (lines: string[]) => `ARRAY[${lines.map((l) => `'${l.replace(/'/g, "''")}'`).join(",")}]::text[]`;
