#include "columnpropertydelegate.h"

#include "itemmodels/knowledgecolumnmodel.h"

#include <QComboBox>

namespace assay {

namespace {
const KnowledgeColumnModel *columnModel(const QModelIndex &index)
{
    return qobject_cast<const KnowledgeColumnModel *>(index.model());
}
} // namespace

QWidget *ColumnPropertyDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                              const QModelIndex &index) const
{
    const KnowledgeColumnModel *model = columnModel(index);
    if (model && index.column() == KnowledgeColumnModel::TypeColumn) {
        auto *combo = new QComboBox(parent);
        combo->setEditable(true);
        combo->addItems(KnowledgeColumnModel::commonTypes());
        return combo;
    }
    if (model && index.column() == KnowledgeColumnModel::ForeignKeyColumn) {
        auto *combo = new QComboBox(parent);
        combo->addItem(tr("(none)"), qint64(0));
        for (const auto &[label, id] : model->foreignKeyCandidates())
            combo->addItem(label, id);
        return combo;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void ColumnPropertyDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = qobject_cast<QComboBox *>(editor);
    if (!combo)
        return QStyledItemDelegate::setEditorData(editor, index);
    if (index.column() == KnowledgeColumnModel::TypeColumn)
        combo->setCurrentText(index.data(Qt::EditRole).toString());
    else
        combo->setCurrentIndex(qMax(0, combo->findData(index.data(Qt::EditRole).toLongLong())));
}

void ColumnPropertyDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    auto *combo = qobject_cast<QComboBox *>(editor);
    if (!combo)
        return QStyledItemDelegate::setModelData(editor, model, index);
    if (index.column() == KnowledgeColumnModel::TypeColumn)
        model->setData(index, combo->currentText(), Qt::EditRole);
    else
        model->setData(index, combo->currentData(), Qt::EditRole);
}

} // namespace assay
