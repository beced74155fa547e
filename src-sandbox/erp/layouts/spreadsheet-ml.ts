import type { SheetStyle } from './encode';
import type { Grid, GridCell, GridRow } from './grid';

/**
 * A grid as a SpreadsheetML 2003 workbook (Excel's "XML Spreadsheet 2003"), the XML NetSuite sends
 * as its ".xls" export: one `Worksheet`, a `Row` per row, each `Cell` holding `Data` typed `String`,
 * `Number` or `DateTime`; an empty cell is `<Cell/>`. docs/decisions/104-erp-register-layouts.md.
 */

/** Text as XML character data: markup escaped, characters XML 1.0 cannot hold dropped. */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function dataCell(type: 'String' | 'Number' | 'DateTime', value: string, styleId?: string): string {
  const style = styleId === undefined ? '' : ` ss:StyleID="${styleId}"`;
  return `<Cell${style}><Data ss:Type="${type}">${xmlText(value)}</Data></Cell>`;
}

function cellXml(cell: GridCell, rowStyle: GridRow['style']): string {
  const bold = rowStyle !== undefined ? 'Bold' : '';
  if (cell === null) return rowStyle !== undefined ? `<Cell ss:StyleID="s${bold}"/>` : '<Cell/>';
  switch (cell.t) {
    case 'text':
      return dataCell('String', cell.v, bold === '' ? undefined : `s${bold}`);
    case 'money':
      return dataCell('Number', String(Math.round(cell.cents) / 100), `money${bold}`);
    case 'number':
      return dataCell('Number', String(cell.v), bold === '' ? undefined : `s${bold}`);
    case 'int':
      return dataCell('Number', String(cell.v), bold === '' ? undefined : `s${bold}`);
    case 'date':
      return dataCell('DateTime', `${cell.day}T00:00:00.000`, `date${bold}`);
    case 'datetime':
      return dataCell('DateTime', `${cell.iso.slice(0, 19)}.000`, `datetime${bold}`);
  }
}

/** The workbook's XML text. */
export function spreadsheetMl(grid: Grid, style: SheetStyle): string {
  const money = xmlText(style.moneyFormat ?? 'General');
  const styles = [
    '<Style ss:ID="Default" ss:Name="Normal"><Alignment ss:Vertical="Bottom"/></Style>',
    '<Style ss:ID="sBold"><Font ss:Bold="1"/></Style>',
    `<Style ss:ID="money"><NumberFormat ss:Format="${money}"/></Style>`,
    `<Style ss:ID="moneyBold"><Font ss:Bold="1"/><NumberFormat ss:Format="${money}"/></Style>`,
    `<Style ss:ID="date"><NumberFormat ss:Format="${xmlText(style.dateFormat)}"/></Style>`,
    `<Style ss:ID="dateBold"><Font ss:Bold="1"/><NumberFormat ss:Format="${xmlText(style.dateFormat)}"/></Style>`,
    `<Style ss:ID="datetime"><NumberFormat ss:Format="${xmlText(style.datetimeFormat)}"/></Style>`,
    `<Style ss:ID="datetimeBold"><Font ss:Bold="1"/><NumberFormat ss:Format="${xmlText(style.datetimeFormat)}"/></Style>`,
  ];
  const rows = [
    ...grid.above.map((r) => `<Row>${r.cells.map((cell) => cellXml(cell, undefined)).join('')}</Row>`),
    `<Row>${grid.header.map((header) => dataCell('String', header, 'sBold')).join('')}</Row>`,
    ...grid.rows.map((r) => `<Row>${r.cells.map((cell) => cellXml(cell, r.style)).join('')}</Row>`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?mso-application progid="Excel.Sheet"?>',
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet" xmlns:html="http://www.w3.org/TR/REC-html40">',
    `<Styles>${styles.join('')}</Styles>`,
    `<Worksheet ss:Name="${xmlText(grid.sheet.slice(0, 31))}">`,
    '<Table>',
    ...rows,
    '</Table>',
    '</Worksheet>',
    '</Workbook>',
    '',
  ].join('\r\n');
}
