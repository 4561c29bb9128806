import { Fragment, useMemo } from "react";
import { Box, Link } from "@mui/material";
import { parseFormatting, type TextNode } from "./whatsappFormat";

function render(nodes: TextNode[]) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "bold":
        return <strong key={index}>{render(node.children)}</strong>;
      case "italic":
        return <em key={index}>{render(node.children)}</em>;
      case "strike":
        return <s key={index}>{render(node.children)}</s>;
      case "mono":
        return (
          <Box key={index} component="code" sx={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: "0.92em", whiteSpace: "pre-wrap" }}>
            {node.text}
          </Box>
        );
      case "link":
        return (
          <Link key={index} href={node.href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: "break-all" }}>
            {node.text}
          </Link>
        );
    }
  });
}

/** A message body with WhatsApp's *bold*, _italic_, ~strike~, ```mono``` and links, rendered as React text nodes only. */
export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => parseFormatting(text), [text]);
  return <>{render(nodes)}</>;
}
