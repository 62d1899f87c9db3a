import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useRef, useState } from 'react';
import { authAtom, siteAtom } from '../../../state/atoms';
import {
  APPLIED_VERDICTS,
  ASKED_VERDICTS,
  VERDICTS,
  VERDICT_LABELS,
  outcomeMessage,
  readStatement,
  statementColumns,
  verdictCounts,
  type ColumnMapping,
  type LineTarget,
  type MatchedLine,
} from '../model';
import { displayReference } from '../../orders';
import { Section } from '../../dashboardKit';
import { useMinorMoney } from './orderMoney';
import { useMarkAnswers, type MarkAnswer } from './markAnswers';
import { ColumnsForm } from './StatementColumns';
import { applyChosenLine, applyStatementLines, previewStatement } from './statementLines';

type Stage =
  | { kind: 'none' }
  | { kind: 'reading' }
  | { kind: 'problem'; message: string; columns: string[] | null; mapping?: ColumnMapping }
  /** `n` counts the files read, so that a file read again starts a preview of its own. */
  | { kind: 'preview'; matched: MatchedLine[]; skipped: number; n: number };

/** What became of a line's marks once applied: each part's answer, in the order of its marks. */
function lineOutcome(
  markIds: readonly string[],
  answers: ReadonlyMap<string, MarkAnswer>,
  refused: ReadonlySet<string>,
  money: (minor: number) => string,
): string {
  return markIds
    .map((markId) => {
      const answer = answers.get(markId);
      if (refused.has(markId)) return t`Not applied: an earlier import queued this line.`;
      if (answer === 'unreadable') return t`Answered in a way this app cannot read.`;
      if (answer) return i18n._(outcomeMessage(answer, money));
      return '';
    })
    .filter(Boolean)
    .join(' ');
}

/**
 * What staff are asked about a line (several orders named and the amount not their sum, or over twice what the one
 * order owes): a button for each order the whole line may pay, under the line's own mark id, so that an import of
 * the same statement later knows it.
 */
function LineChoices({
  matched,
  onChoose,
}: {
  matched: MatchedLine;
  onChoose: (matched: MatchedLine, target: LineTarget) => void;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
      {matched.choices.map((target) => {
        const order = displayReference(target.ref);
        return (
          <Button key={target.ref} size="small" variant="outlined" onClick={() => onChoose(matched, target)}>
            <Trans>Apply all to {order}</Trans>
          </Button>
        );
      })}
    </Stack>
  );
}

/** A statement line's number, its date as the statement wrote it, and the order it names. */
function LineFacts({ at, date, order }: { at: number; date: string; order: string }) {
  const reference = <>{order}</>;
  return (
    <Typography variant="body2" color="textSecondary">
      <Trans>Line {at}</Trans> · {date}
      {order && (
        <>
          {' · '}
          <Trans>order {reference}</Trans>
        </>
      )}
    </Typography>
  );
}

/** The preview: counts, one row per line (cards on a phone), and each applied line's answer. */
function Preview({ matched, skipped }: { matched: MatchedLine[]; skipped: number }) {
  const { i18n, t } = useLingui();
  const staff = useAtomValue(authAtom).id ?? '';
  const { currency } = useAtomValue(siteAtom);
  const minorMoney = useMinorMoney();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const counts = verdictCounts(matched);
  const toApply = useMemo(() => matched.filter(({ verdict }) => APPLIED_VERDICTS.has(verdict)), [matched]);
  const [applied, setApplied] = useState<readonly MatchedLine[]>([]);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  // The asked lines staff applied one by one: the line's mark id, and the order they chose.
  const [chosen, setChosen] = useState<ReadonlyMap<string, LineTarget>>(new Map());
  const markIdsOf = (lines: readonly MatchedLine[]) => lines.flatMap(({ marks }) => marks.map(({ markId }) => markId));
  const answers = useMarkAnswers(useMemo(() => [...markIdsOf(applied), ...chosen.keys()], [applied, chosen]));
  const status = useRef<HTMLElement>(null);
  const apply = () => {
    setApplied(toApply);
    // The button goes disabled: the focus goes to where the progress is said rather than to the page.
    status.current?.focus();
    void applyStatementLines(toApply, staff).then((ids) => setRefused((before) => new Set([...before, ...ids])));
  };
  const choose = (line: MatchedLine, target: LineTarget) => {
    setChosen((before) => new Map(before).set(line.markId, target));
    void applyChosenLine(line, target, staff).then(
      (queued) => queued || setRefused((before) => new Set(before).add(line.markId)),
    );
  };
  // A line is answered once every order it pays has its answer.
  const answered = applied.filter((line) =>
    markIdsOf([line]).every((markId) => answers.has(markId) || refused.has(markId)),
  ).length;
  const appliedCount = applied.length;
  const lines = matched.length;
  const toApplyCount = toApply.length;
  const rows = matched.map((line) => {
    // A matched line in its order's currency; the statement's own is the shop's.
    const money = (minor: number) => minorMoney(minor, line.target?.payment.currency ?? currency);
    const choice = chosen.get(line.markId);
    const named = line.marks.length > 0 ? line.marks.map(({ target }) => target) : line.choices;
    return {
      line,
      order: (choice ? [choice] : named.length > 0 ? named : line.target ? [line.target] : [])
        .map(({ ref }) => displayReference(ref))
        .join(', '),
      amount: money(line.line.amountMinor),
      outcome: lineOutcome(choice ? [line.markId] : line.marks.map(({ markId }) => markId), answers, refused, money),
      asked: ASKED_VERDICTS.has(line.verdict) && !choice,
    };
  });
  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="h3" sx={{ fontSize: '1.05rem' }}>
        <Plural value={lines} one="# line of money in" other="# lines of money in" />
      </Typography>
      <Stack
        component="ul"
        aria-label={t`Counts`}
        direction="row"
        sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 1 }}
      >
        {VERDICTS.filter((verdict) => counts[verdict] > 0).map((verdict) => (
          <Paper component="li" key={verdict} variant="outlined" sx={{ px: 1.5, py: 0.5 }}>
            <Typography variant="body2">
              {i18n._(VERDICT_LABELS[verdict])}: <strong>{counts[verdict]}</strong>
            </Typography>
          </Paper>
        ))}
      </Stack>
      {skipped > 0 && (
        <Alert severity="warning">
          <Plural
            value={skipped}
            one="# line of the file could not be read and is left out."
            other="# lines of the file could not be read and are left out."
          />
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button variant="contained" disabled={toApply.length === 0 || applied.length > 0} onClick={apply}>
          {toApply.length === 0 ? (
            <Trans>Nothing to apply</Trans>
          ) : (
            <Plural value={toApplyCount} one="Apply # matched line" other="Apply # matched lines" />
          )}
        </Button>
        <Typography role="status" variant="body2" ref={status} tabIndex={-1}>
          {appliedCount === 0
            ? ''
            : answered < appliedCount
              ? t`Applying: ${answered} of ${appliedCount} done…`
              : plural(appliedCount, {
                  one: 'Done: # line applied or answered.',
                  other: 'Done: # lines applied or answered.',
                })}
        </Typography>
      </Stack>
      {wide ? (
        <TableContainer>
          <Table size="small" aria-label={t`Statement lines`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Line</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Date</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Amount</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Words</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Order</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Match</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Answer</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ line, order, amount, outcome, asked }) => (
                <TableRow key={line.markId}>
                  <TableCell>{line.line.at}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.line.date}</TableCell>
                  <TableCell align="right">{amount}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.line.text}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{order}</TableCell>
                  <TableCell>{i18n._(VERDICT_LABELS[line.verdict])}</TableCell>
                  <TableCell>
                    {outcome}
                    {asked && <LineChoices matched={line} onChoose={choose} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack component="ul" aria-label={t`Statement lines`} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rows.map(({ line, order, amount, outcome, asked }) => (
            <Paper component="li" key={line.markId} variant="outlined" sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {i18n._(VERDICT_LABELS[line.verdict])} · {amount}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {line.line.text}
              </Typography>
              <LineFacts at={line.line.at} date={line.line.date} order={order} />
              {outcome && <Typography variant="body2">{outcome}</Typography>}
              {asked && <LineChoices matched={line} onChoose={choose} />}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The desk's bank statement import (docs/payments.md#importing-a-statement): a file read on this device, its lines
 * matched to orders by the references in their words and shown before anything is done; the matched lines applied
 * in one go, each as a mark whose id comes from the line, so importing the same statement again applies nothing
 * twice.
 */
export default function StatementImport() {
  const { i18n, t } = useLingui();
  const id = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'none' });
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const reads = useRef(0);

  const read = async (file: Uint8Array, mapping?: ColumnMapping) => {
    setStage({ kind: 'reading' });
    const result = readStatement(file, mapping);
    if ('error' in result) {
      // The columns stay offered after a mapping staff gave, so that one the amounts contradict can be put right.
      setStage({
        kind: 'problem',
        message: i18n._(result.error),
        columns: statementColumns(file),
        mapping: result.mapping ?? mapping,
      });
      return;
    }
    try {
      const matched = await previewStatement(result);
      setStage({ kind: 'preview', matched, skipped: result.skipped.length, n: ++reads.current });
    } catch (error) {
      console.error('Statement not matched:', error);
      setStage({ kind: 'problem', message: t`The orders could not be read. Please try again.`, columns: null });
    }
  };

  return (
    <Section title={t`Bank statement`}>
      <Stack spacing={2}>
        <Typography variant="body2">
          <Trans>
            Import your bank account’s statement (CSV or MT940) to find bank transfers. Each line is matched to the
            order whose reference it quotes and shown here first; nothing is recorded until you apply it. Lines applied
            by an earlier import are never applied twice.
          </Trans>
        </Typography>
        <div>
          <Typography component="label" htmlFor={`${id}-file`} sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
            <Trans>Statement file</Trans>
          </Typography>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,.sta,.mt940,text/csv,text/plain"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so that choosing the same file again (after applying it) reads it again.
              event.target.value = '';
              if (!file) return;
              void file.arrayBuffer().then((buffer) => {
                const next = new Uint8Array(buffer);
                setBytes(next);
                void read(next);
              });
            }}
          />
        </div>
        <div role="status">
          {stage.kind === 'reading' && (
            <Typography>
              <Trans>Reading the statement and matching it to orders…</Trans>
            </Typography>
          )}
        </div>
        {stage.kind === 'problem' && (
          <Alert severity="error" role="alert">
            {stage.message}
            {/* A question about columns already told (a decimal mark, the order of dates) says "below" itself. */}
            {stage.columns && !stage.mapping && (
              <>
                {' '}
                <Trans>If it is a CSV file, you can say which column holds what below.</Trans>
              </>
            )}
          </Alert>
        )}
        {stage.kind === 'problem' && stage.columns && bytes && (
          <ColumnsForm
            // A new form for each problem: it starts from what that reading could tell.
            key={stage.message}
            columns={stage.columns}
            initial={stage.mapping}
            onMapping={(mapping) => void read(bytes, mapping)}
          />
        )}
        {stage.kind === 'preview' && <Preview key={stage.n} matched={stage.matched} skipped={stage.skipped} />}
      </Stack>
    </Section>
  );
}
