import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { type ColumnMapping, type DateOrder } from '../model';

/**
 * Which column holds what, for a CSV whose header names none the reading knows, or whose decimal mark or order of
 * dates it cannot tell: then it starts from what the reading could tell (`initial`).
 */
export function ColumnsForm({
  columns,
  initial,
  onMapping,
}: {
  columns: string[];
  initial?: ColumnMapping;
  onMapping: (mapping: ColumnMapping) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const column = (index: number | undefined) => (index === undefined ? '' : String(index));
  const [date, setDate] = useState(column(initial?.date));
  const [amount, setAmount] = useState(
    column(typeof initial?.amount === 'number' ? initial.amount : initial?.amount.credit),
  );
  const [out, setOut] = useState(column(typeof initial?.amount === 'object' ? initial.amount.debit : undefined));
  const [words, setWords] = useState<number[]>(initial?.text ?? []);
  const [decimal, setDecimal] = useState<',' | '.'>(initial?.decimal ?? '.');
  const [dateOrder, setDateOrder] = useState<DateOrder>(initial?.dateOrder ?? 'day-first');
  const [header, setHeader] = useState(initial?.header ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const name = (cell: string, index: number) => {
    const column = index + 1;
    const named = cell.trim();
    return header && named ? t`Column ${column}: ${named}` : t`Column ${column}`;
  };
  const options = columns.map((cell, index) => (
    <MenuItem key={index} value={String(index)}>
      {name(cell, index)}
    </MenuItem>
  ));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date === '' || amount === '' || words.length === 0) {
      setProblem(t`Choose the date column, the amount column and at least one column of words.`);
      return;
    }
    const amountColumn = out === '' ? Number(amount) : { credit: Number(amount), debit: Number(out) };
    onMapping({ date: Number(date), amount: amountColumn, text: words, decimal, dateOrder, header });
  };
  return (
    <Paper component="form" variant="outlined" sx={{ p: 2 }} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        <Trans>Which column holds what</Trans>
      </Typography>
      <Stack spacing={2}>
        <FormControlLabel
          control={<Checkbox checked={header} onChange={(event) => setHeader(event.target.checked)} />}
          label={t`The first row holds the column names`}
        />
        <TextField select label={t`Date`} value={date} onChange={(event) => setDate(event.target.value)}>
          {options}
        </TextField>
        <TextField
          select
          label={t`Amount (or money in)`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        >
          {options}
        </TextField>
        <TextField
          select
          label={t`Money out, if in a column of its own`}
          value={out}
          onChange={(event) => setOut(event.target.value)}
        >
          <MenuItem value="">
            <Trans>None: money out is negative</Trans>
          </MenuItem>
          {options}
        </TextField>
        <FormControl component="fieldset">
          <FormLabel component="legend">
            <Trans>Words to look for references in</Trans>
          </FormLabel>
          <FormGroup>
            {columns.map((cell, index) => (
              <FormControlLabel
                key={index}
                label={name(cell, index)}
                control={
                  <Checkbox
                    checked={words.includes(index)}
                    onChange={(event) =>
                      setWords(
                        event.target.checked
                          ? [...words, index].sort((a, b) => a - b)
                          : words.filter((word) => word !== index),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <TextField
          select
          label={t`Decimal mark`}
          value={decimal}
          onChange={(event) => setDecimal(event.target.value as ',' | '.')}
        >
          <MenuItem value=".">
            <Trans>Point: 1,234.56</Trans>
          </MenuItem>
          <MenuItem value=",">
            <Trans>Comma: 1.234,56</Trans>
          </MenuItem>
        </TextField>
        <TextField
          select
          label={t`Dates`}
          value={dateOrder}
          onChange={(event) => setDateOrder(event.target.value as DateOrder)}
        >
          <MenuItem value="day-first">
            <Trans>Day first: 31/12/2026</Trans>
          </MenuItem>
          <MenuItem value="month-first">
            <Trans>Month first: 12/31/2026</Trans>
          </MenuItem>
        </TextField>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained">
            <Trans>Read with these columns</Trans>
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
