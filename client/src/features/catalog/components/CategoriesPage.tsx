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
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import Add from '@mui/icons-material/Add';
import DragIndicator from '@mui/icons-material/DragIndicator';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import SubdirectoryArrowLeft from '@mui/icons-material/SubdirectoryArrowLeft';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CATEGORIES, normalizeArabic, type CategoryResponseDto } from '@pos/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { ResourceForm, resourceApi } from '../../../shared/resource';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SearchField } from '../../../shared/ui/FilterBar';
import { DeleteAction, EditAction, IconAction } from '../../../shared/ui/IconAction';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { toast } from '../../../shared/ui/toast';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { catalogKeys, useCategories } from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { buildTree, descendantsOf, type TreeRow } from '../lib/tree';
import { DataTable, type Column } from '../../../shared/ui/DataTable';

const api = resourceApi(CATEGORIES);

/** The category to edit, or the parent of a new one. */
type Target = { category?: CategoryResponseDto; parentId?: string | null };

export default function CategoriesPage() {
  const { t } = useTranslation('catalog');
  const can = useCan();
  const canManage = can('can_manage_products');
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const dialog = useEditDialog<Target>();
  useErrorToast(categories.error);

  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const visible = useMemo(() => {
    const needle = normalizeArabic(search.trim());
    if (!needle) return tree;
    // Keep a match together with its ancestors so the tree still reads: from the end of the
    // depth-first order, every child comes before its parent.
    const keep = new Set<string>();
    for (const { category: c } of [...tree].reverse()) {
      if (keep.has(c.id) || normalizeArabic(`${c.name} ${c.nameEn ?? ''}`).includes(needle)) {
        keep.add(c.id);
        if (c.parentId) keep.add(c.parentId);
      }
    }
    return tree.filter((row) => keep.has(row.category.id));
  }, [tree, search]);

  // Drag and drop: drop a category on another to make it a child, on the top target to make it
  // top-level. Keyboard users pick the parent in the edit dialog (or move the handle with the keys).
  const [draggingId, setDraggingId] = useState<string | null>(null);
  // The row under the dragged one (it lights up: dropping there makes it the parent).
  const [overId, setOverId] = useState<string | null>(null);
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
  const say = (key: string, active: { id: unknown }, over?: { id: unknown } | null) =>
    t(`categories.dnd.${key}`, { name: nameOf(active.id), target: over && nameOf(over.id) });
  const announcements: Announcements = {
    onDragStart: ({ active }) => say('start', active),
    onDragOver: ({ active, over }) => (over ? say('over', active, over) : undefined),
    onDragEnd: ({ active, over }) => (over ? say('end', active, over) : say('cancel', active)),
    onDragCancel: ({ active }) => say('cancel', active),
  };

  const move = useCrudMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) =>
      api.update(id, { parentId }),
    success: (_, { id, parentId }) => {
      const name = byId.get(id)?.name ?? '';
      return parentId
        ? t('categories.moved', { name, parent: byId.get(parentId)?.name ?? '' })
        : t('categories.movedRoot', { name });
    },
    invalidate: [catalogKeys.categories],
  });

  const onDragStart = (event: DragStartEvent) => setDraggingId(String(event.active.id));
  const onDragCancel = () => {
    setDraggingId(null);
    setOverId(null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onDragCancel();
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

  const remove = useConfirmedMutation<CategoryResponseDto>({
    mutationFn: (category) => api.remove(category.id),
    success: t('categories.deleted'),
    invalidate: [catalogKeys.categories],
    closeOnError: true,
  });

  const columns: Column<TreeRow>[] = [
    {
      key: 'drag',
      header: null,
      padding: 'checkbox',
      hidden: !canManage,
      render: ({ category }) => (
        <DragHandle category={category} dropDisabled={blocked.has(category.id)} />
      ),
    },
    {
      key: 'name',
      header: t('categories.columns.name'),
      render: ({ category, depth }) => (
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
      ),
    },
    {
      key: 'nameEn',
      header: t('categories.columns.nameEn'),
      render: ({ category }) => category.nameEn ?? '',
    },
    {
      key: 'products',
      header: t('categories.columns.products'),
      align: 'center',
      render: ({ category }) => (
        <Chip size="small" variant="outlined" label={category.productCount} />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      nowrap: true,
      render: ({ category }) =>
        canManage && (
          <>
            <IconAction
              icon={Add}
              label={t('categories.addChild')}
              onClick={() => dialog.openEdit({ parentId: category.id })}
            />
            <EditAction
              label={t('common.edit')}
              testId="category-edit"
              onClick={() => dialog.openEdit({ category })}
            />
            <DeleteAction label={t('common.delete')} onClick={() => remove.ask(category)} />
          </>
        ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('categories.title')}
        actions={
          canManage && (
            <AddButton
              onClick={() => dialog.openEdit({ parentId: null })}
              testId="category-add"
              label={t('categories.add')}
            />
          )
        }
      />
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 1.5, gap: 1.5 }}>
          <SearchField
            value={search}
            onChange={setSearch}
            label={t('categories.search')}
            width={280}
          />
        </Stack>
        {categories.isFetching && <LinearProgress sx={{ blockSize: 2 }} />}
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragOver={({ over }) => setOverId(over ? String(over.id) : null)}
          onDragEnd={onDragEnd}
          onDragCancel={onDragCancel}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('categories.dnd.instructions') },
          }}
        >
          {canManage && <RootDropTarget active={draggingId !== null} />}
          <DataTable
            columns={columns}
            rows={visible}
            rowKey={({ category }) => category.id}
            rowTestId="category-row"
            rowProps={({ category }) => ({
              'data-category-id': category.id,
              'data-parent-id': category.parentId ?? '',
              sx: {
                opacity: draggingId === category.id ? 0.4 : 1,
                ...(overId === category.id && {
                  bgcolor: 'action.selected',
                  outline: 2,
                  outlineColor: 'primary.main',
                  outlineOffset: -2,
                }),
              },
            })}
            ariaLabel={t('categories.title')}
            loading={categories.isLoading}
            emptyText={t('categories.empty')}
          />
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
      {dialog.open && dialog.item && (
        <CategoryForm
          key={dialog.key}
          target={dialog.item}
          all={categories.data ?? []}
          onClose={dialog.close}
        />
      )}
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('categories.deleteTitle')}
        message={remove.target ? t('categories.deleteMessage', { name: remove.target.name }) : ''}
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

/** A row's drag handle; its row is what is dragged and what takes a drop. */
function DragHandle(props: { category: CategoryResponseDto; dropDisabled: boolean }) {
  const { t } = useTranslation('catalog');
  const { id, name } = props.category;
  const drag = useDraggable({ id });
  // The dragged category and its descendants cannot take it.
  const { setNodeRef: setDropNode } = useDroppable({ id, disabled: props.dropDisabled });
  const { setNodeRef: setDragNode, setActivatorNodeRef } = drag;
  const ref = useCallback(
    (node: HTMLButtonElement | null) => {
      setActivatorNodeRef(node);
      const row = node?.closest('tr') ?? null;
      setDropNode(row);
      setDragNode(row);
    },
    [setActivatorNodeRef, setDropNode, setDragNode],
  );
  return (
    <IconButton
      size="small"
      ref={ref}
      {...drag.attributes}
      {...drag.listeners}
      aria-label={t('categories.dragHandle', { name })}
      data-testid="category-drag"
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
}

/** A category's dialog: the contract's DTO checks it; a category cannot move under itself. */
function CategoryForm(props: { target: Target; all: CategoryResponseDto[]; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const { category, parentId = null } = props.target;
  // A category cannot move under itself or its own descendants (the server refuses cycles too).
  const blocked = category ? descendantsOf(props.all, category.id) : new Set<string>();
  if (category) blocked.add(category.id);
  const parents = buildTree(props.all)
    .filter((row) => !blocked.has(row.category.id))
    .map(({ category: c, depth }) => ({ value: c.id, label: c.name, depth }));
  return (
    <ResourceForm
      resource={CATEGORIES}
      row={category ?? null}
      defaults={{ parentId }}
      title={category ? t('categories.editTitle') : t('categories.createTitle')}
      success={t('categories.saved')}
      invalidate={[catalogKeys.categories]}
      onClose={props.onClose}
      testId="category"
      dividers
      fields={[
        { name: 'name', label: t('categories.columns.name'), required: true },
        { name: 'nameEn', label: t('categories.columns.nameEn'), ltr: true, nullable: true },
        {
          name: 'parentId',
          label: t('categories.columns.parent'),
          kind: 'select',
          options: parents,
          none: t('categories.noParent'),
          testId: 'category-parent',
        },
      ]}
    />
  );
}
