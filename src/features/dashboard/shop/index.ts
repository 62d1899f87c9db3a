export { ProductsManager } from './ProductsManager';
export { CategoryNamesManager } from './CategoryNamesManager';
export { PropertiesEditor } from './PropertiesEditor';
export { QuotasManager } from './QuotasManager';
export { UsersAndRoles } from './UsersAndRoles';
export { productsById, productTree } from './staffCatalogue';
