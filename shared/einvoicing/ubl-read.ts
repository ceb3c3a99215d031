/**
 * Reading a UBL document (pure JS: @xmldom/xmldom and xpath, no Node-only API): well-formed or
 * not, and XPath over the UBL namespaces. The network emulators check what they receive with it;
 * tests read the builders' output with it.
 */
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';

const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};
// xpath's namespace binder (renamed: its `use` prefix reads as a React hook to the linter).
const { useNamespaces: bindNamespaces } = xpath;
const select = bindNamespaces(NS);

/** A parsed UBL document with XPath helpers (prefixes cac, cbc; the root is `/*`). */
export interface UblReader {
  root: string;
  namespace: string;
  text(path: string, node?: Node): string;
  nodes(path: string, node?: Node): Node[];
  /** The number in an element's text (NaN when absent or not a number). */
  num(path: string, node?: Node): number;
}

/** Parses base64 or plain XML; returns the reader or why it is not a well-formed document. */
export function readUbl(xml: string): { ubl: UblReader } | { error: string } {
  const errors: string[] = [];
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level: string, msg: string) => {
        if (level !== 'warning') errors.push(msg);
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (err) {
    return { error: `The XML is not well-formed: ${(err as Error).message.split('\n')[0]}` };
  }
  if (errors.length || !doc.documentElement) return { error: `The XML is not well-formed: ${errors[0] ?? 'no root'}` };
  const text = (path: string, node: Node = doc) => String(select(`string(${path})`, node)).trim();
  return {
    ubl: {
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI ?? '',
      text,
      nodes: (path, node = doc) => select(path, node) as Node[],
      num: (path, node = doc) => {
        const t = text(path, node);
        return t === '' ? Number.NaN : Number(t);
      },
    },
  };
}
