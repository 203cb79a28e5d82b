import "server-only";
import path from "node:path";
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { documentLayout, type DocumentLayout } from "@/lib/billing/document-layout";
import type { TaxDocumentView } from "@/lib/billing/tax-document";

// A tax document as an A4 PDF (@react-pdf/renderer), from the same layout as its printable page.
// DejaVu Sans Condensed is embedded (subset), so a reader needs no font of its own; it draws the
// rupee sign. TrueType rather than WOFF: a WOFF's tables are inflated again on every render, which
// took most of each PDF's time. Read from node_modules at run time (next.config.mjs traces the two
// files into the server's bundle).

const FONTS = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
const FAMILY = "DejaVu Sans Condensed";
let registered = false;

function registerFonts(): void {
  if (registered) return;
  Font.register({
    family: FAMILY,
    fonts: [
      { src: path.join(FONTS, "DejaVuSansCondensed.ttf"), fontWeight: 400 },
      { src: path.join(FONTS, "DejaVuSansCondensed-Bold.ttf"), fontWeight: 700 },
    ],
  });
  // Long names break at any character rather than being hyphenated with English rules.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, fontSize: 8.5, padding: 32, color: "#111827" },
  title: { fontSize: 16, fontWeight: 700, textAlign: "center" },
  subheading: { fontSize: 8.5, textAlign: "center", marginTop: 2 },
  header: { flexDirection: "row", marginTop: 14, gap: 12 },
  box: { flex: 1, border: "1pt solid #d1d5db", padding: 8 },
  panel: { border: "1pt solid #d1d5db", padding: 8, marginTop: 10 },
  heading: { fontWeight: 700, marginBottom: 3, fontSize: 9 },
  fact: { flexDirection: "row", marginBottom: 1.5 },
  factLabel: { width: 135, color: "#4b5563" },
  factValue: { flex: 1 },
  table: { marginTop: 12, border: "1pt solid #d1d5db" },
  row: { flexDirection: "row", borderBottom: "0.5pt solid #e5e7eb" },
  headRow: { flexDirection: "row", backgroundColor: "#f3f4f6", borderBottom: "1pt solid #d1d5db" },
  cell: { padding: 3, flex: 1 },
  wide: { flex: 3.2 },
  narrow: { flex: 0.4 },
  numeric: { textAlign: "right" },
  bold: { fontWeight: 700 },
  totals: { marginTop: 8, marginLeft: "auto", width: 220 },
  total: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1.5 },
  grand: { borderTop: "1pt solid #111827", marginTop: 2, paddingTop: 3, fontWeight: 700 },
  words: { marginTop: 10 },
  notes: { marginTop: 10, color: "#4b5563" },
  signature: { marginTop: 28, textAlign: "right" },
});

function width(key: string) {
  return key === "description" ? styles.wide : key === "position" ? styles.narrow : {};
}

function DocumentPdf({ layout }: { layout: DocumentLayout }) {
  return (
    <Document title={`${layout.title} ${layout.facts[0]?.value ?? ""}`} author={layout.seller.lines[0]} language="en-IN">
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{layout.title}</Text>
        {layout.subheading ? <Text style={styles.subheading}>{layout.subheading}</Text> : null}
        <View style={styles.header}>
          <View style={styles.box}>
            <Text style={styles.heading}>{layout.seller.heading}</Text>
            {layout.seller.lines.map((line, index) => (
              <Text key={index}>{line}</Text>
            ))}
          </View>
          <View style={styles.box}>
            {layout.facts.map((fact) => (
              <View key={fact.label} style={styles.fact}>
                <Text style={styles.factLabel}>{fact.label}</Text>
                <Text style={styles.factValue}>{fact.value}</Text>
              </View>
            ))}
          </View>
        </View>
        <View style={styles.panel}>
          <Text style={styles.heading}>{layout.buyer.heading}</Text>
          {layout.buyer.lines.map((line, index) => (
            <Text key={index}>{line}</Text>
          ))}
        </View>
        <View style={styles.table}>
          <View style={styles.headRow} fixed>
            {layout.columns.map((column) => (
              <Text key={column.key} style={[styles.cell, styles.bold, width(column.key), column.numeric ? styles.numeric : {}]}>
                {column.label}
              </Text>
            ))}
          </View>
          {layout.rows.map((row, index) => (
            <View key={index} style={styles.row} wrap={false}>
              {layout.columns.map((column) => (
                <Text key={column.key} style={[styles.cell, width(column.key), column.numeric ? styles.numeric : {}]}>
                  {row[column.key] ?? ""}
                </Text>
              ))}
            </View>
          ))}
        </View>
        <View style={styles.totals}>
          {layout.totals.map((fact, index) => (
            <View key={fact.label} style={[styles.total, index === layout.totals.length - 1 ? styles.grand : {}]}>
              <Text>{fact.label}</Text>
              <Text>{fact.value}</Text>
            </View>
          ))}
        </View>
        <Text style={styles.words}>Amount in words: {layout.amountInWords}</Text>
        <View style={styles.notes}>
          {layout.notes.map((note, index) => (
            <Text key={index}>{note}</Text>
          ))}
        </View>
        <Text style={styles.signature}>{layout.signature}</Text>
      </Page>
    </Document>
  );
}

/** The document as PDF bytes. */
export async function documentPdf(document: TaxDocumentView): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(<DocumentPdf layout={documentLayout(document)} />);
}
