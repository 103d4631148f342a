#pragma once
#include <QStyledItemDelegate>

namespace assay {

// Editors for the schema editor's column list: an editable combo of common SQLite types for
// "Type", and a combo of the other tables' columns (or none) for "References".
class ColumnPropertyDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
};

} // namespace assay
