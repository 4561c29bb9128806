import { Fragment, useMemo } from "react";
import { Link } from "@mui/material";
import { parseFormatting, type TextNode } from "./formatText";

function render(nodes: TextNode[]) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "bold":
        return <strong key={index}>{render(node.children)}</strong>;
      case "strike":
        return <s key={index}>{render(node.children)}</s>;
      case "link":
        return (
          <Link key={index} href={node.href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: "break-all" }}>
            {node.text}
          </Link>
        );
    }
  });
}

/** A message body with *bold*, ~strike~ and links, rendered as React text nodes only. */
export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => parseFormatting(text), [text]);
  return <>{render(nodes)}</>;
}
