import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Search from '@mui/icons-material/Search';
import SubdirectoryArrowLeft from '@mui/icons-material/SubdirectoryArrowLeft';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CategoryCreateDto,
  CategoryUpdateDto,
  normalizeArabic,
  type CategoryResponseDto,
} from '@pos/contracts';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { dtoErrors, hasErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { toast } from '../../../shared/ui/toast';
import { catalogApi, catalogKeys, useCategories } from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { buildTree, descendantsOf, type TreeRow } from '../lib/tree';

export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  const can = useCan();
  const canManage = can('can_manage_products');
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CategoryResponseDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [parentForNew, setParentForNew] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CategoryResponseDto | null>(null);
  const [dialogKey, setDialogKey] = useState(0);

  useEffect(() => {
    if (categories.error) handleError(categories.error, { toast: true });
  }, [categories.error]);

  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const visible = useMemo(() => {
    const needle = normalizeArabic(search.trim());
    if (!needle) return tree;
    // Keep a match together with its ancestors so the tree still reads.
    const keep = new Set<string>();
    const byId = new Map(tree.map((row) => [row.category.id, row]));
    for (const row of tree) {
      const text = normalizeArabic(`${row.category.name} ${row.category.nameEn ?? ''}`);
      if (text.includes(needle)) {
        let current: TreeRow | undefined = row;
        while (current && !keep.has(current.category.id)) {
          keep.add(current.category.id);
          current = current.category.parentId ? byId.get(current.category.parentId) : undefined;
        }
      }
    }
    return tree.filter((row) => keep.has(row.category.id));
  }, [tree, search]);

  // Drag and drop: drop a category on another to make it a child, on the top target to make it
  // top-level. Keyboard users pick the parent in the edit dialog (or move the handle with the keys).
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const byId = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c])),
    [categories.data],
  );
  const blocked = useMemo(() => {
    if (!draggingId) return new Set<string>();
    const out = descendantsOf(categories.data ?? [], draggingId);
    out.add(draggingId);
    return out;
  }, [draggingId, categories.data]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const nameOf = (id: unknown) =>
    id === ROOT_TARGET ? t('categories.dnd.root') : (byId.get(String(id))?.name ?? '');
  const announcements = {
    onDragStart: ({ active }: { active: { id: unknown } }) =>
      t('categories.dnd.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over
        ? t('categories.dnd.over', { name: nameOf(active.id), target: nameOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over
        ? t('categories.dnd.end', { name: nameOf(active.id), target: nameOf(over.id) })
        : t('categories.dnd.cancel', { name: nameOf(active.id) }),
    onDragCancel: ({ active }: { active: { id: unknown } }) =>
      t('categories.dnd.cancel', { name: nameOf(active.id) }),
  };

  const move = useMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) =>
      catalogApi.updateCategory(id, { parentId }),
    onSuccess: async (_, { id, parentId }) => {
      const name = byId.get(id)?.name ?? '';
      toast.success(
        parentId
          ? t('categories.moved', { name, parent: byId.get(parentId)?.name ?? '' })
          : t('categories.movedRoot', { name }),
      );
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  const onDragStart = (event: DragStartEvent) => setDraggingId(String(event.active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDraggingId(null);
    if (!over) return;
    const id = String(active.id);
    const parentId = over.id === ROOT_TARGET ? null : String(over.id);
    const category = byId.get(id);
    if (!category || (category.parentId ?? null) === parentId || parentId === id) return;
    if (parentId && descendantsOf(categories.data ?? [], id).has(parentId)) {
      toast.error(t('categories.cycle'));
      return;
    }
    move.mutate({ id, parentId });
  };

  const remove = useMutation({
    mutationFn: (categoryId: string) => catalogApi.deleteCategory(categoryId),
    onSuccess: async () => {
      toast.success(t('categories.deleted'));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
    },
    onError: (err) => {
      setDeleting(null);
      handleError(err, { toast: true });
    },
  });

  const openNew = (parentId: string | null) => {
    setDialogKey((k) => k + 1);
    setEditing(null);
    setParentForNew(parentId);
    setFormOpen(true);
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('categories.title')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {canManage && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => openNew(null)}
            data-testid="category-add"
          >
            {t('categories.add')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 1.5, gap: 1.5 }}>
          <TextField
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('categories.search')}
            sx={{ inlineSize: { xs: '100%', sm: 280 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('categories.search') },
            }}
          />
        </Stack>
        {categories.isFetching && <LinearProgress sx={{ blockSize: 2 }} />}
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDraggingId(null)}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('categories.dnd.instructions') },
          }}
        >
          {canManage && <RootDropTarget active={draggingId !== null} />}
          <TableContainer>
            <Table size="small" aria-label={t('categories.title')}>
              <TableHead>
                <TableRow>
                  {canManage && <TableCell padding="checkbox" />}
                  <TableCell>{t('categories.columns.name')}</TableCell>
                  <TableCell>{t('categories.columns.nameEn')}</TableCell>
                  <TableCell align="center">{t('categories.columns.products')}</TableCell>
                  <TableCell align="right">{t('common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map(({ category, depth }) => (
                  <CategoryRow
                    key={category.id}
                    category={category}
                    depth={depth}
                    canManage={canManage}
                    dropDisabled={blocked.has(category.id)}
                    dragging={draggingId === category.id}
                    actions={
                      canManage && (
                        <>
                          <Tooltip title={t('categories.addChild')}>
                            <IconButton
                              size="small"
                              aria-label={t('categories.addChild')}
                              onClick={() => openNew(category.id)}
                            >
                              <Add fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('common.edit')}>
                            <IconButton
                              size="small"
                              aria-label={t('common.edit')}
                              data-testid="category-edit"
                              onClick={() => {
                                setDialogKey((k) => k + 1);
                                setEditing(category);
                                setFormOpen(true);
                              }}
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('common.delete')}>
                            <IconButton
                              size="small"
                              aria-label={t('common.delete')}
                              onClick={() => setDeleting(category)}
                            >
                              <DeleteOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      )
                    }
                  />
                ))}
                {!categories.isLoading && visible.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      {t('categories.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <DragOverlay dropAnimation={null}>
            {draggingId ? (
              <Chip
                color="primary"
                icon={<FolderOutlined />}
                label={nameOf(draggingId)}
                sx={{ boxShadow: 3 }}
              />
            ) : null}
          </DragOverlay>
        </DndContext>
      </Paper>
      <CategoryFormDialog
        key={dialogKey}
        open={formOpen}
        category={editing}
        defaultParentId={parentForNew}
        all={categories.data ?? []}
        onClose={() => setFormOpen(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('categories.deleteTitle')}
        message={deleting ? t('categories.deleteMessage', { name: deleting.name }) : ''}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
      />
    </Box>
  );
}

const ROOT_TARGET = '__root__';

// The pointer decides with a mouse or finger; the keyboard sensor moves a box, so nearest centre.
const collision: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

function RootDropTarget({ active }: { active: boolean }) {
  const { t } = useTranslation('catalog');
  const { setNodeRef, isOver } = useDroppable({ id: ROOT_TARGET });
  return (
    <Box
      ref={setNodeRef}
      data-testid="category-drop-root"
      sx={{
        mx: 1.5,
        mb: 1,
        p: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        border: 1,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.selected' : 'transparent',
        color: active ? 'text.primary' : 'text.secondary',
      }}
    >
      <VerticalAlignTop fontSize="small" />
      <Typography variant="body2">
        {active ? t('categories.dropRoot') : t('categories.dragHint')}
      </Typography>
    </Box>
  );
}

type RowProps = {
  category: CategoryResponseDto;
  depth: number;
  canManage: boolean;
  /** The dragged category and its descendants cannot take it. */
  dropDisabled: boolean;
  dragging: boolean;
  actions: ReactNode;
};

function CategoryRow({ category, depth, canManage, dropDisabled, dragging, actions }: RowProps) {
  const { t } = useTranslation('catalog');
  const {
    attributes,
    listeners,
    setNodeRef: setDragNode,
    setActivatorNodeRef,
  } = useDraggable({ id: category.id, disabled: !canManage });
  const { setNodeRef: setDropNode, isOver } = useDroppable({
    id: category.id,
    disabled: !canManage || dropDisabled,
  });
  return (
    <TableRow
      ref={(node: HTMLTableRowElement | null) => {
        setDropNode(node);
        setDragNode(node);
      }}
      hover
      data-testid="category-row"
      data-category-id={category.id}
      data-parent-id={category.parentId ?? ''}
      sx={{
        opacity: dragging ? 0.4 : 1,
        ...(isOver && {
          bgcolor: 'action.selected',
          outline: 2,
          outlineColor: 'primary.main',
          outlineOffset: -2,
        }),
      }}
    >
      {canManage && (
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('categories.dragHandle', { name: category.name })}
            data-testid="category-drag"
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicator fontSize="small" />
          </IconButton>
        </TableCell>
      )}
      <TableCell>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 0.5, paddingInlineStart: depth * 3 }}
        >
          {depth > 0 ? (
            <SubdirectoryArrowLeft
              fontSize="small"
              sx={{ color: 'text.disabled', '[dir="ltr"] &': { transform: 'scaleX(-1)' } }}
            />
          ) : (
            <FolderOutlined fontSize="small" sx={{ color: 'primary.main' }} />
          )}
          <Typography variant="body2" sx={{ fontWeight: depth === 0 ? 700 : 400 }}>
            {category.name}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>{category.nameEn ?? ''}</TableCell>
      <TableCell align="center">
        <Chip size="small" variant="outlined" label={category.productCount} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {actions}
      </TableCell>
    </TableRow>
  );
}

type FormProps = {
  open: boolean;
  category: CategoryResponseDto | null;
  defaultParentId: string | null;
  all: CategoryResponseDto[];
  onClose: () => void;
};

function CategoryFormDialog({ open, category, defaultParentId, all, onClose }: FormProps) {
  const { t, i18n } = useTranslation('catalog');
  const queryClient = useQueryClient();
  // Mounted with a new key at each opening: the form starts from `category`.
  const [name, setName] = useState(category?.name ?? '');
  const [nameEn, setNameEn] = useState(category?.nameEn ?? '');
  const [parentId, setParentId] = useState(
    category ? (category.parentId ?? '') : (defaultParentId ?? ''),
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  // A category cannot move under itself or its own descendants (the server refuses cycles too).
  const parentChoices = useMemo(() => {
    const blocked = category ? descendantsOf(all, category.id) : new Set<string>();
    if (category) blocked.add(category.id);
    return buildTree(all).filter((row) => !blocked.has(row.category.id));
  }, [all, category]);

  const save = useMutation({
    mutationFn: (payload: CategoryCreateDto) =>
      category
        ? catalogApi.updateCategory(category.id, payload)
        : catalogApi.createCategory(payload),
    onSuccess: async () => {
      toast.success(t('categories.saved'));
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
      onClose();
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      name: name.trim(),
      nameEn: nameEn.trim() || null,
      parentId: parentId || null,
    };
    const found = await dtoErrors(
      category ? CategoryUpdateDto : CategoryCreateDto,
      payload,
      i18n.language,
      (f) => t(`categories.columns.${f}`),
    );
    setErrors(found);
    if (!hasErrors(found)) save.mutate(payload);
  };

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (e: FormEvent) => void submit(e),
        } as never,
      }}
    >
      <DialogTitle>
        {category ? t('categories.editTitle') : t('categories.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 1.5 }}>
          <TextField
            autoFocus
            size="small"
            required
            label={t('categories.columns.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'category-name' } }}
          />
          <TextField
            size="small"
            label={t('categories.columns.nameEn')}
            value={nameEn}
            onChange={(e) => setNameEn(e.target.value)}
            error={Boolean(errors.nameEn)}
            helperText={errors.nameEn ?? ' '}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'category-nameEn' } }}
          />
          <TextField
            select
            size="small"
            label={t('categories.columns.parent')}
            value={parentId}
            onChange={(e) => setParentId(e.target.value)}
            slotProps={{
              select: {
                displayEmpty: true,
                SelectDisplayProps: { 'data-testid': 'category-parent' } as never,
              },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">
              <em>{t('categories.noParent')}</em>
            </MenuItem>
            {parentChoices.map(({ category: option, depth }) => (
              <MenuItem
                key={option.id}
                value={option.id}
                sx={{ paddingInlineStart: 2 + depth * 2 }}
              >
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          data-testid="category-submit"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default CategoriesPage;
