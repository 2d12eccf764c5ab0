import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type Props = {
  value: string[];
  onChange: (value: string[]) => void;
  label?: string;
  placeholder?: string;
  error?: string;
  helperText?: string;
  testId?: string;
  ltr?: boolean;
};

/** Free text values as chips: Enter, comma or '،' adds; duplicates are dropped. */
export function ChipsInput({
  value,
  onChange,
  label,
  placeholder,
  error,
  helperText,
  testId,
  ltr,
}: Props) {
  const [input, setInput] = useState('');
  const add = (raw: string) => {
    const parts = raw
      .split(/[,،؛;\n]/)
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length === 0) return;
    const next = [...value];
    for (const part of parts) if (!next.includes(part)) next.push(part);
    onChange(next);
    setInput('');
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      size="small"
      options={[]}
      value={value}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        if (/[,،؛;]/.test(text)) add(text);
        else setInput(text);
      }}
      onChange={(_, next) => {
        const flat: string[] = [];
        for (const item of next)
          for (const part of String(item).split(/[,،؛;]/)) {
            const v = part.trim();
            if (v && !flat.includes(v)) flat.push(v);
          }
        onChange(flat);
        setInput('');
      }}
      onBlur={() => add(input)}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'data-testid': testId,
              dir: ltr ? 'ltr' : undefined,
            },
          }}
        />
      )}
    />
  );
}
